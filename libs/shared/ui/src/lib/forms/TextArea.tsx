import type { ComponentPropsWithRef } from 'react';
import { cx } from '../classNames';
import { type FieldProps, LabelledField, splitFieldProps } from './FieldParts';

export type TextAreaProps = FieldProps & Omit<ComponentPropsWithRef<'textarea'>, 'children'>;

/** A labelled multi-line text box with hint and inline error. */
export function TextArea({ className, rows = 5, ...props }: TextAreaProps) {
  const [field, textareaProps] = splitFieldProps(props);
  return (
    <LabelledField kind="textarea" {...field}>
      {(control) => (
        <textarea
          {...textareaProps}
          {...control}
          rows={rows}
          className={cx('vt-input', 'vt-input--multiline', className)}
        />
      )}
    </LabelledField>
  );
}
