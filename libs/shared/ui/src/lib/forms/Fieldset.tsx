import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import { cx } from '../classNames';
import { FieldError, FieldHint } from './FieldParts';
import { hasContent } from './useFieldIds';
import './fieldset.css';

export type FieldsetProps = Omit<ComponentPropsWithRef<'fieldset'>, 'aria-describedby'> & {
  legend: ReactNode;
  hint?: ReactNode;
  /** An error about the group as a whole, e.g. "Choose at least one image". */
  error?: ReactNode;
};

/** Groups related controls under a legend (e.g. "Images", "Client details"). */
export function Fieldset({ legend, hint, error, className, children, ...rest }: FieldsetProps) {
  const id = useId();
  const describedBy = [hasContent(hint) && `${id}-hint`, hasContent(error) && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset
      {...rest}
      className={cx('vt-fieldset', hasContent(error) && 'vt-fieldset--invalid', className)}
      aria-describedby={describedBy || undefined}
    >
      <legend className="vt-fieldset__legend">{legend}</legend>
      <FieldHint id={`${id}-hint`} hint={hint} />
      <FieldError id={`${id}-error`} error={error} />
      {children}
    </fieldset>
  );
}
