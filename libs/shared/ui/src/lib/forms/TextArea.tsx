import type { ComponentPropsWithRef } from 'react';
import { cx } from '../classNames';
import { FieldError, FieldHint, LabelText, fieldClass } from './FieldParts';
import type { FieldProps } from './TextField';
import { hasContent, useFieldIds } from './useFieldIds';

export type TextAreaProps = FieldProps & Omit<ComponentPropsWithRef<'textarea'>, 'children'>;

/** A labelled multi-line text box with hint and inline error. */
export function TextArea({
  label,
  hint,
  error,
  hideLabel,
  wrapperClassName,
  id,
  className,
  required,
  rows = 5,
  'aria-describedby': describedBy,
  'aria-invalid': ariaInvalid,
  ...textareaProps
}: TextAreaProps) {
  const ids = useFieldIds(id, { hint, error, describedBy });
  return (
    <div className={fieldClass('textarea', error, wrapperClassName)}>
      <label htmlFor={ids.id} className={cx('vt-field__label', hideLabel && 'vt-visually-hidden')}>
        <LabelText label={label} required={required} />
      </label>
      <FieldHint id={ids.hintId} hint={hint} />
      <textarea
        {...textareaProps}
        id={ids.id}
        rows={rows}
        required={required}
        className={cx('vt-input', 'vt-input--multiline', className)}
        aria-invalid={hasContent(error) ? true : ariaInvalid}
        aria-describedby={ids.describedBy}
      />
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
}
