import { type ReactNode, useId } from 'react';

export interface FieldIds {
  id: string;
  hintId: string;
  errorId: string;
  /** The hint, the error and any description the caller passed, space-separated. */
  describedBy: string | undefined;
}

/** Ids that tie a control to its label, hint and error message. */
export function useFieldIds(
  id: string | undefined,
  { hint, error, describedBy }: { hint?: ReactNode; error?: ReactNode; describedBy?: string },
): FieldIds {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const parts = [describedBy, hasContent(hint) && hintId, hasContent(error) && errorId];
  return {
    id: fieldId,
    hintId,
    errorId,
    describedBy: parts.filter(Boolean).join(' ') || undefined,
  };
}

/** `''`, `null`, `false` and `undefined` mean "no message". */
export function hasContent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== '';
}
