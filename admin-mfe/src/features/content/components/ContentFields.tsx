import { TextField } from '@vitrine/ui';
import type { ChangeEvent } from 'react';
import { CategorySelect } from '../../../components/CategorySelect';
import { fieldId, type ContentType, type FieldKey } from '../content-type';
import type { ContentErrors } from '../content-values';

export interface ContentFieldsProps<P extends string, X extends string> {
  type: ContentType<P, X>;
  fields: Record<FieldKey<X>, string>;
  errors: ContentErrors<X>;
  /** The categories to offer: the defaults and the ones in use. */
  categories: readonly string[];
  onChange(key: FieldKey<X>, value: string): void;
}

/** The form's grid of short fields: the ones every type has, then the type's own. */
export function ContentFields<P extends string, X extends string>({
  type,
  fields,
  errors,
  categories,
  onChange,
}: ContentFieldsProps<P, X>) {
  const statusList = `${type.slug}-status-suggestions`;
  // What ties a text input to its field: id (the error summary links to it), value, error.
  const bind = (key: FieldKey<X>) => ({
    id: fieldId(type, key),
    value: fields[key],
    error: errors[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(key, event.target.value),
  });

  return (
    <div className="adm-form__grid">
      <TextField label="Name" required maxLength={120} {...bind('Name')} />
      <CategorySelect
        id={fieldId(type, 'Category')}
        label="Category"
        required
        options={categories}
        value={fields.Category}
        error={errors.Category}
        onChange={(value) => onChange('Category', value)}
      />
      <TextField label="Value (₹)" hint={type.priceHint} inputMode="decimal" {...bind('Price')} />
      <TextField
        label="Status"
        hint={type.statusHint}
        maxLength={60}
        list={statusList}
        {...bind('Status')}
      />
      <datalist id={statusList}>
        {type.statusSuggestions.map((status) => (
          <option key={status} value={status} />
        ))}
      </datalist>
      <TextField
        label="Heading"
        wrapperClassName="adm-form__wide"
        maxLength={200}
        {...bind('Heading')}
      />
      {type.extraFields.map(({ key, label, hint }) => (
        <TextField key={key} label={label} hint={hint} maxLength={120} {...bind(key)} />
      ))}
    </div>
  );
}
