import type { ReactNode } from 'react';
import { cx } from '../classNames';
import { type FieldIds, hasContent, useFieldIds } from './useFieldIds';
import './field.css';

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

/** What a field takes from its control's props: its id, and what ties the control to it. */
interface ControlProps {
  id?: string;
  required?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
}

export type LabelledFieldProps = FieldProps & ControlProps;

const FIELD_KEYS: ReadonlySet<string> = new Set([
  'label',
  'hint',
  'error',
  'hideLabel',
  'wrapperClassName',
  'id',
  'required',
  'aria-describedby',
  'aria-invalid',
] satisfies (keyof LabelledFieldProps)[]);

/**
 * Splits a field component's props into the field's (label, hint, error, ids) and the
 * control's own (everything else, for the `<input>`, `<textarea>` or `<select>`).
 */
export function splitFieldProps<P extends LabelledFieldProps>(
  props: P,
): readonly [LabelledFieldProps, Omit<P, keyof LabelledFieldProps>] {
  const entries = Object.entries(props);
  const field = Object.fromEntries(entries.filter(([key]) => FIELD_KEYS.has(key)));
  const control = Object.fromEntries(entries.filter(([key]) => !FIELD_KEYS.has(key)));
  return [field as LabelledFieldProps, control as Omit<P, keyof LabelledFieldProps>];
}

/** The props that tie a control to its label, hint and error. */
export function useFieldControl(field: LabelledFieldProps): {
  ids: FieldIds;
  control: Required<Pick<ControlProps, 'id'>> & ControlProps;
} {
  const { id, hint, error, required } = field;
  const ids = useFieldIds(id, { hint, error, describedBy: field['aria-describedby'] });
  return {
    ids,
    control: {
      id: ids.id,
      required,
      'aria-invalid': hasContent(error) ? true : field['aria-invalid'],
      'aria-describedby': ids.describedBy,
    },
  };
}

/**
 * A labelled control: the wrapper, the label (marked when required), the hint, the control
 * that `children` renders with the props that tie it to them, and the inline error.
 */
export function LabelledField({
  kind,
  children,
  ...field
}: LabelledFieldProps & {
  /** Names the wrapper's modifier class, `vt-field--<kind>`. */
  kind: string;
  children: (control: ReturnType<typeof useFieldControl>['control']) => ReactNode;
}) {
  const { ids, control } = useFieldControl(field);
  return (
    <div className={fieldClass(kind, field.error, field.wrapperClassName)}>
      <label
        htmlFor={ids.id}
        className={cx('vt-field__label', field.hideLabel && 'vt-visually-hidden')}
      >
        <LabelText label={field.label} required={field.required} />
      </label>
      <FieldHint id={ids.hintId} hint={field.hint} />
      {children(control)}
      <FieldError id={ids.errorId} error={field.error} />
    </div>
  );
}

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
