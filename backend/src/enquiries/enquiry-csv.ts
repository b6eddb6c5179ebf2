/**
 * CSV for spreadsheets: RFC 4180 quoting, CRLF line ends, and no formulas. A cell that a
 * spreadsheet would read as a formula (= + - @, tab, CR) gets a leading single quote, so a
 * visitor's "=HYPERLINK(...)" stays text on the administrator's machine (OWASP CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Excel reads UTF-8 only with a byte-order mark; other tools ignore it. */
export const CSV_BOM = '\uFEFF';

export function csvCell(value: unknown): string {
  let text =
    value instanceof Date
      ? value.toISOString()
      : value === null || value === undefined
        ? ''
        : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
