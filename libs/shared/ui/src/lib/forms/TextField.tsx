import type { ComponentPropsWithRef } from 'react';
import { cx } from '../classNames';
import { type FieldProps, LabelledField, splitFieldProps } from './FieldParts';

export type { FieldProps } from './FieldParts';

export type TextFieldProps = FieldProps & Omit<ComponentPropsWithRef<'input'>, 'children'>;

/** A labelled text input with hint and inline error. Takes every `<input>` prop, `ref` too. */
export function TextField({ className, ...props }: TextFieldProps) {
  const [field, inputProps] = splitFieldProps(props);
  return (
    <LabelledField kind="text" {...field}>
      {(control) => (
        <input type="text" {...inputProps} {...control} className={cx('vt-input', className)} />
      )}
    </LabelledField>
  );
}
