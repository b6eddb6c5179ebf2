import type { ComponentPropsWithRef } from 'react';
import { cx } from '../classNames';
import { type FieldProps, LabelledField, splitFieldProps } from './FieldParts';

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
export function SelectField({ className, options, placeholder, ...props }: SelectFieldProps) {
  const [field, selectProps] = splitFieldProps(props);
  return (
    <LabelledField kind="select" {...field}>
      {(control) => (
        <select {...selectProps} {...control} className={cx('vt-input', 'vt-select', className)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
