import type { ComponentPropsWithRef } from 'react';
import { cx } from '../classNames';
import { FieldError, FieldHint, fieldClass } from './FieldParts';
import type { FieldProps } from './TextField';
import { hasContent, useFieldIds } from './useFieldIds';
import './checkbox.css';

export type CheckboxProps = Omit<FieldProps, 'hideLabel'> &
  Omit<ComponentPropsWithRef<'input'>, 'children' | 'type'>;

/** A checkbox with its label to the right, and optional hint and inline error. */
export function Checkbox({
  label,
  hint,
  error,
  wrapperClassName,
  id,
  className,
  'aria-describedby': describedBy,
  'aria-invalid': ariaInvalid,
  ...inputProps
}: CheckboxProps) {
  const ids = useFieldIds(id, { hint, error, describedBy });
  return (
    <div className={fieldClass('checkbox', error, wrapperClassName)}>
      <div className="vt-checkbox">
        <input
          {...inputProps}
          type="checkbox"
          id={ids.id}
          className={cx('vt-checkbox__input', className)}
          aria-invalid={hasContent(error) ? true : ariaInvalid}
          aria-describedby={ids.describedBy}
        />
        <label htmlFor={ids.id} className="vt-checkbox__label">
          {label}
        </label>
      </div>
      <FieldHint id={ids.hintId} hint={hint} />
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
}
