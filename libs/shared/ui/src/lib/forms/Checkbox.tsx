import type { ComponentPropsWithRef } from 'react';
import { cx } from '../classNames';
import {
  FieldError,
  FieldHint,
  type FieldProps,
  fieldClass,
  splitFieldProps,
  useFieldControl,
} from './FieldParts';
import './checkbox.css';

export type CheckboxProps = Omit<FieldProps, 'hideLabel'> &
  Omit<ComponentPropsWithRef<'input'>, 'children' | 'type'>;

/** A checkbox with its label to the right, and optional hint and inline error. */
export function Checkbox({ className, ...props }: CheckboxProps) {
  const [field, inputProps] = splitFieldProps(props);
  const { ids, control } = useFieldControl(field);
  return (
    <div className={fieldClass('checkbox', field.error, field.wrapperClassName)}>
      <div className="vt-checkbox">
        <input
          {...inputProps}
          type="checkbox"
          {...control}
          className={cx('vt-checkbox__input', className)}
        />
        <label htmlFor={ids.id} className="vt-checkbox__label">
          {field.label}
        </label>
      </div>
      <FieldHint id={ids.hintId} hint={field.hint} />
      <FieldError id={ids.errorId} error={field.error} />
    </div>
  );
}
