import type { ComponentPropsWithRef } from 'react';
import { cx } from '../classNames';
import { FieldError, FieldHint, LabelText, fieldClass } from './FieldParts';
import type { FieldProps } from './TextField';
import { hasContent, useFieldIds } from './useFieldIds';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type SelectFieldProps = FieldProps &
  Omit<ComponentPropsWithRef<'select'>, 'children'> & {
    options: readonly SelectOption[];
    /** A first option with an empty value, e.g. "Choose a category". */
    placeholder?: string;
  };

/** A labelled drop-down with hint and inline error. */
export function SelectField({
  label,
  hint,
  error,
  hideLabel,
  wrapperClassName,
  id,
  className,
  required,
  options,
  placeholder,
  'aria-describedby': describedBy,
  'aria-invalid': ariaInvalid,
  ...selectProps
}: SelectFieldProps) {
  const ids = useFieldIds(id, { hint, error, describedBy });
  return (
    <div className={fieldClass('select', error, wrapperClassName)}>
      <label htmlFor={ids.id} className={cx('vt-field__label', hideLabel && 'vt-visually-hidden')}>
        <LabelText label={label} required={required} />
      </label>
      <FieldHint id={ids.hintId} hint={hint} />
      <select
        {...selectProps}
        id={ids.id}
        required={required}
        className={cx('vt-input', 'vt-select', className)}
        aria-invalid={hasContent(error) ? true : ariaInvalid}
        aria-describedby={ids.describedBy}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
}
