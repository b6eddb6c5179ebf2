import type { ListParams } from '../../lib/use-list-params';
import { languageName } from '../../lib/site-languages';
import { ListFilter } from '../ListFilter';

/**
 * The language a list's `?missing=` names, if it is one of the site's other languages (the
 * only ones a translation can be missing in); '' when it names none or another.
 */
export function missingLanguage(value: string, others: readonly string[]): string {
  return others.includes(value) ? value : '';
}

/**
 * A list's "Missing Hindi" filter (issue 36): the items still untranslated in one of the
 * site's other languages. Nothing on a site with one language.
 */
export function MissingTranslationFilter({
  list,
  languages,
}: {
  list: Pick<ListParams<'missing'>, 'filters' | 'setFilter'>;
  /** The site's other languages. */
  languages: readonly string[];
}) {
  if (languages.length === 0) return null;
  return (
    <ListFilter
      list={list}
      name="missing"
      label="Translation"
      placeholder="Any translation"
      value={missingLanguage(list.filters.missing, languages)}
      options={languages.map((code) => ({ value: code, label: `Missing ${languageName(code)}` }))}
    />
  );
}
