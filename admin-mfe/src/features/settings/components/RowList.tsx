import { Button, TextArea, TextField } from '@vitrine/ui';
import { Icon } from '../../../components/Icon';
import { type Row, type SettingsErrors, fieldId } from './settings-form';

export interface RowField<T> {
  name: keyof T & string;
  label: string;
  type?: string;
  maxLength?: number;
  placeholder?: string;
  multiline?: boolean;
}

export interface RowListProps<T extends Record<string, string>> {
  /** The list's key in the API body: `social`, `figures`, `offers`. */
  name: string;
  /** "Social link": rows are numbered "Social link 1", "Social link 2"… */
  itemLabel: string;
  rows: Row<T>[];
  errors: SettingsErrors;
  fields: readonly RowField<T>[];
  blank(): Row<T>;
  /** `structural`: a row was added or removed (not just edited). */
  onChange(rows: Row<T>[], structural: boolean): void;
  onFieldEdit(path: string): void;
}

/** Repeated rows (social links, figures, offers) with add and remove. */
export function RowList<T extends Record<string, string>>({
  name,
  itemLabel,
  rows,
  errors,
  fields,
  blank,
  onChange,
  onFieldEdit,
}: RowListProps<T>) {
  return (
    <div className="adm-rows">
      {rows.length === 0 && <p className="adm-muted">None yet.</p>}
      <ol className="adm-rows__list">
        {rows.map((row, index) => (
          <li key={row.key} className="adm-rows__row">
            <span className="adm-rows__number" aria-hidden="true">
              {index + 1}
            </span>
            <div className="adm-rows__fields">
              {fields.map((field) => {
                const path = `${name}.${index}.${field.name}`;
                const common = {
                  id: fieldId(path),
                  label: `${itemLabel} ${index + 1}: ${field.label}`,
                  value: row.value[field.name],
                  error: errors[path],
                  maxLength: field.maxLength,
                  placeholder: field.placeholder,
                };
                const update = (value: string) => {
                  onFieldEdit(path);
                  onChange(
                    rows.map((r) =>
                      r.key === row.key ? { ...r, value: { ...r.value, [field.name]: value } } : r,
                    ),
                    false,
                  );
                };
                return field.multiline ? (
                  <TextArea
                    key={field.name}
                    {...common}
                    rows={2}
                    onChange={(event) => update(event.target.value)}
                  />
                ) : (
                  <TextField
                    key={field.name}
                    {...common}
                    type={field.type ?? 'text'}
                    onChange={(event) => update(event.target.value)}
                  />
                );
              })}
            </div>
            <button
              type="button"
              className="adm-icon-button adm-icon-button--danger adm-rows__remove"
              aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`}
              onClick={() =>
                onChange(
                  rows.filter((r) => r.key !== row.key),
                  true,
                )
              }
            >
              <Icon name="trash" size={16} />
            </button>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        className="adm-small-button"
        onClick={() => onChange([...rows, blank()], true)}
      >
        <Icon name="plus" size={16} />
        Add {itemLabel.toLowerCase()}
      </Button>
    </div>
  );
}
