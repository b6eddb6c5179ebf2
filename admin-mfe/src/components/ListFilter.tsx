import { SelectField } from '@vitrine/ui';
import type { ListParams } from '../lib/use-list-params';

/** One of a list's filters as a select, its value kept in the URL with the list's other state. */
export function ListFilter<F extends string>({
  list,
  name,
  label,
  placeholder,
  options,
  value = list.filters[name],
}: {
  list: Pick<ListParams<F>, 'filters' | 'setFilter'>;
  name: F;
  label: string;
  /** The choice that sets no filter, e.g. "All entities". */
  placeholder: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The filter as the list understands it, where an unknown value in the URL means none. */
  value?: string;
}) {
  return (
    <SelectField
      label={label}
      placeholder={placeholder}
      options={options}
      value={value}
      onChange={(event) => list.setFilter(name, event.target.value)}
    />
  );
}
