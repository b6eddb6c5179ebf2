import { SelectField, TextField } from '@vitrine/ui';
import { useId, useState } from 'react';
import './category-select.css';

/** A value the select uses for "Other…"; it can never be a real category (they are trimmed). */
export const OTHER_CATEGORY = ' other';

export interface CategorySelectProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The categories to offer, in order (defaults and the ones in use, see mergeCategories). */
  options: readonly string[];
  error?: string;
  id?: string;
  required?: boolean;
}

/** Defaults first, then the categories in use that are not among them; no duplicates. */
export function mergeCategories(
  defaults: readonly string[],
  inUse: readonly string[],
): readonly string[] {
  const seen = new Set<string>();
  const merged: string[] = [];
  for (const name of [...defaults, ...inUse]) {
    const key = name.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    merged.push(name.trim());
  }
  return merged;
}

/**
 * A category drop-down with a placeholder first and "Other…" last; "Other…" reveals a text
 * field for a new category. A value that is not among the options (a category typed
 * before) shows in that field.
 */
export function CategorySelect({
  label,
  value,
  onChange,
  options,
  error,
  id,
  required,
}: CategorySelectProps) {
  const generated = useId();
  const selectId = id ?? `${generated}-select`;
  const newId = `${selectId}-new`;
  const [otherChosen, setOtherChosen] = useState(false);
  const known = options.includes(value);
  const isOther = otherChosen || (value !== '' && !known);

  return (
    <div className="adm-category">
      <SelectField
        id={selectId}
        label={label}
        required={required}
        placeholder="Choose a category"
        options={[
          ...options.map((name) => ({ value: name, label: name })),
          { value: OTHER_CATEGORY, label: 'Other… (add a new category)' },
        ]}
        value={isOther ? OTHER_CATEGORY : value}
        error={isOther ? undefined : error}
        onChange={(event) => {
          const chosen = event.target.value;
          if (chosen === OTHER_CATEGORY) {
            setOtherChosen(true);
            onChange('');
          } else {
            setOtherChosen(false);
            onChange(chosen);
          }
        }}
      />
      {isOther && (
        <TextField
          id={newId}
          label="New category"
          hint="It is added to the list when you save."
          required
          maxLength={60}
          value={value}
          error={error}
          // Chosen "Other…" a moment ago: the new name is what comes next.
          autoFocus={otherChosen}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}
