import { bindField, TextField } from '@vitrine/ui';
import { Controller } from 'react-hook-form';
import { CategorySelect } from '../../../components/CategorySelect';
import { fieldId, type ContentType, type FieldKey } from '../content-type';
import type { ContentForm } from '../hooks/useContentForm';

export interface ContentFieldsProps<P extends string, X extends string> {
  type: ContentType<P, X>;
  form: ContentForm;
  /** The record's current slug, shown beside the field that changes it. */
  currentSlug?: string;
  /** The categories to offer: the defaults and the ones in use. */
  categories: readonly string[];
}

/** The form's grid of short fields: the ones every type has, then the type's own. */
export function ContentFields<P extends string, X extends string>({
  type,
  form,
  categories,
  currentSlug,
}: ContentFieldsProps<P, X>) {
  const statusList = `${type.slug}-status-suggestions`;
  const { errors } = form.formState;
  const bind = (key: FieldKey<X>) => bindField(form, `fields.${key}`, fieldId(type, key));

  return (
    <div className="adm-form__grid">
      <TextField label="Name" required maxLength={120} {...bind('Name')} />
      <Controller
        control={form.control}
        name="fields.Category"
        render={({ field, fieldState }) => (
          <CategorySelect
            id={fieldId(type, 'Category')}
            label="Category"
            required
            options={categories}
            value={field.value}
            error={fieldState.error?.message}
            onChange={field.onChange}
          />
        )}
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
      <TextField
        label="Page address (slug)"
        wrapperClassName="adm-form__wide"
        hint={
          currentSlug
            ? `The end of the page's address, now ${type.pagePath}${currentSlug}: it changes only if you type a new one or rename the ${type.one}, and links to an earlier address keep redirecting here.`
            : "The end of the page's address, made from the name if you leave it empty: lowercase letters, digits and hyphens."
        }
        maxLength={80}
        spellCheck={false}
        autoCapitalize="none"
        id={fieldId(type, 'slug')}
        error={errors.slug?.message}
        {...form.register('slug')}
      />
    </div>
  );
}
