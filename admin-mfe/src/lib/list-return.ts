// Saving a form goes back to its list as the administrator left it (search, filters, sort,
// page), with the saved row scrolled into view and marked. Kept per tab (sessionStorage).
const PREFIX = 'vitrine-admin-list:';

/** Remembers the search part of the list at `pathname`, as it is shown now. */
export function rememberListAddress(pathname: string, search: string): void {
  try {
    sessionStorage.setItem(PREFIX + pathname, search);
  } catch {
    // storage disabled: the list comes back unfiltered
  }
}

/** The list at `listPath` as it was last shown in this tab. */
export function listAddress(listPath: string): string {
  try {
    return listPath + (sessionStorage.getItem(PREFIX + listPath) ?? '');
  } catch {
    return listPath;
  }
}

/** Navigation state for a list: the row to bring into view. */
export interface ListReturnState {
  savedId?: string;
}
