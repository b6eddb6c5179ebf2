import { Button, TextArea, TextField, messageAt } from '@vitrine/ui';
import {
  useFieldArray,
  type ArrayPath,
  type FieldArray,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { Icon } from '../../../components/Icon';
import { fieldId } from './settings-form';

export interface RowField {
  name: string;
  label: string;
  type?: string;
  maxLength?: number;
  placeholder?: string;
  multiline?: boolean;
}

export interface RowListProps<T extends FieldValues, N extends ArrayPath<T>> {
  form: UseFormReturn<T>;
  /** The list's path, which is also its key in the API body: `social`, `figures`, `offers`. */
  name: N;
  /** "Social link": rows are numbered "Social link 1", "Social link 2"… */
  itemLabel: string;
  fields: readonly RowField[];
  /** A new, empty row. */
  blank(): FieldArray<T, N>;
  /** A line under a row's fields saying its state (an offer's schedule), if any. */
  note?(index: number): string | undefined;
  /** Called after row `index` is removed: what goes with it (its translations) goes too. */
  onRemove?(index: number): void;
}

/** Repeated rows (social links, figures, offers) with add and remove. */
export function RowList<T extends FieldValues, N extends ArrayPath<T>>({
  form,
  name,
  itemLabel,
  fields,
  blank,
  note,
  onRemove,
}: RowListProps<T, N>) {
  const { control, register, formState } = form;
  // `rows[i].id` is react-hook-form's key for a row, stable while rows come and go.
  const { fields: rows, append, remove } = useFieldArray({ control, name });
  return (
    <div className="adm-rows">
      {rows.length === 0 && <p className="adm-muted">None yet.</p>}
      <ol className="adm-rows__list">
        {rows.map((row, index) => (
          <li key={row.id} className="adm-rows__row">
            <span className="adm-rows__number" aria-hidden="true">
              {index + 1}
            </span>
            <div className="adm-rows__fields">
              {fields.map((field) => {
                const path = `${name}.${index}.${field.name}` as FieldPath<T>;
                const common = {
                  id: fieldId(path),
                  label: `${itemLabel} ${index + 1}: ${field.label}`,
                  error: messageAt(formState.errors, path),
                  maxLength: field.maxLength,
                  placeholder: field.placeholder,
                  ...register(path),
                };
                return field.multiline ? (
                  <TextArea key={field.name} {...common} rows={2} />
                ) : (
                  <TextField key={field.name} {...common} type={field.type ?? 'text'} />
                );
              })}
              {note?.(index) && <p className="vt-field__hint adm-rows__note">{note(index)}</p>}
            </div>
            <button
              type="button"
              className="adm-icon-button adm-icon-button--danger adm-rows__remove"
              aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`}
              onClick={() => {
                remove(index);
                onRemove?.(index);
              }}
            >
              <Icon name="trash" size={16} />
            </button>
          </li>
        ))}
      </ol>
      <Button variant="secondary" className="adm-small-button" onClick={() => append(blank())}>
        <Icon name="plus" size={16} />
        Add {itemLabel.toLowerCase()}
      </Button>
    </div>
  );
}
