import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../classNames';
import { FieldError, FieldHint, LabelText, fieldClass } from './FieldParts';
import { hasContent, useFieldIds } from './useFieldIds';

export interface FieldProps {
  label: ReactNode;
  /** Help shown under the label, e.g. the expected format. */
  hint?: ReactNode;
  /** The inline error; when present the control is marked invalid and describes itself by it. */
  error?: ReactNode;
  /** Keeps the label for screen readers only (e.g. a table's filter box). */
  hideLabel?: boolean;
  /** Class of the wrapper; `className` goes to the control itself. */
  wrapperClassName?: string;
}

export type TextFieldProps = FieldProps & Omit<ComponentPropsWithRef<'input'>, 'children'>;

/** A labelled text input with hint and inline error. Takes every `<input>` prop, `ref` too. */
export function TextField({
  label,
  hint,
  error,
  hideLabel,
  wrapperClassName,
  id,
  className,
  required,
  'aria-describedby': describedBy,
  'aria-invalid': ariaInvalid,
  ...inputProps
}: TextFieldProps) {
  const ids = useFieldIds(id, { hint, error, describedBy });
  return (
    <div className={fieldClass('text', error, wrapperClassName)}>
      <label htmlFor={ids.id} className={cx('vt-field__label', hideLabel && 'vt-visually-hidden')}>
        <LabelText label={label} required={required} />
      </label>
      <FieldHint id={ids.hintId} hint={hint} />
      <input
        type="text"
        {...inputProps}
        id={ids.id}
        required={required}
        className={cx('vt-input', className)}
        aria-invalid={hasContent(error) ? true : ariaInvalid}
        aria-describedby={ids.describedBy}
      />
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
}
