import type { ReactNode } from 'react';
import { cx } from '../classNames';
import { hasContent } from './useFieldIds';
import './field.css';

/** The label text with a visual marker when the field is required (the input says so to AT). */
export function LabelText({ label, required }: { label: ReactNode; required?: boolean }) {
  return (
    <>
      {label}
      {required && (
        <span className="vt-field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );
}

export function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  if (!hasContent(hint)) return null;
  return (
    <p id={id} className="vt-field__hint">
      {hint}
    </p>
  );
}

export function FieldError({ id, error }: { id: string; error?: ReactNode }) {
  if (!hasContent(error)) return null;
  return (
    <p id={id} className="vt-field__error">
      {error}
    </p>
  );
}

export function fieldClass(kind: string, error: ReactNode, className?: string): string {
  return cx('vt-field', `vt-field--${kind}`, hasContent(error) && 'vt-field--invalid', className);
}
