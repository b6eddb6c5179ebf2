import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../classNames';
import { FieldError, FieldHint } from './FieldParts';
import { hasContent, useFieldIds } from './useFieldIds';
import './fieldset.css';

export type FieldsetProps = Omit<ComponentPropsWithRef<'fieldset'>, 'aria-describedby'> & {
  legend: ReactNode;
  hint?: ReactNode;
  /** An error about the group as a whole, e.g. "Choose at least one image". */
  error?: ReactNode;
};

/** Groups related controls under a legend (e.g. "Images", "Client details"). */
export function Fieldset({ legend, hint, error, className, children, ...rest }: FieldsetProps) {
  const ids = useFieldIds(undefined, { hint, error });
  return (
    <fieldset
      {...rest}
      className={cx('vt-fieldset', hasContent(error) && 'vt-fieldset--invalid', className)}
      aria-describedby={ids.describedBy}
    >
      <legend className="vt-fieldset__legend">{legend}</legend>
      <FieldHint id={ids.hintId} hint={hint} />
      <FieldError id={ids.errorId} error={error} />
      {children}
    </fieldset>
  );
}
