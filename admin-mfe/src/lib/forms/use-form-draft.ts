import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useSession } from '../session';
import { draftKey, readDraft, removeDraft, writeDraft, type StoredDraft } from './drafts';

export interface DraftOptions<T extends FieldValues> {
  /** The form and record it belongs to: `product:665f…`, `user:new`, `settings`. */
  key: string;
  /** The record's `updatedAt` as loaded, to tell later whether it was saved since. */
  base?: string;
  /** What of the values is kept (never a password or a file); all of them by default. */
  store?(values: T): unknown;
  /** The form's values from a kept draft, over the current ones; the draft as is by default. */
  restore?(stored: unknown, current: T): T;
}

/** A draft the form offers to restore. */
export interface DraftOffer {
  savedAt: string;
  /** The record was saved (here or elsewhere) after the draft's edit began. */
  changedSince: boolean;
  restore(): void;
  discard(): void;
}

export interface FormDraft {
  offer: DraftOffer | null;
  /** Forgets the draft: the changes are saved. */
  clear(): void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps what is typed in a form as a draft in this browser at every change, and offers a
 * draft left by a crash, a reload or an expired session when the form opens again. While
 * the offer is undecided the old draft stays as it is, so nothing is overwritten unasked.
 */
export function useFormDraft<T extends FieldValues>(
  form: UseFormReturn<T>,
  options: DraftOptions<T> | undefined,
): FormDraft {
  const { claims } = useSession();
  const key = options ? draftKey(claims.sub, options.key) : undefined;
  const store = (values: T) => (options?.store ? options.store(values) : values);
  const [offered, setOffered] = useState<StoredDraft | null>(() => {
    const draft = key ? readDraft(key) : null;
    // A draft that says what the form already says has nothing to offer.
    return draft && !same(draft.values, store(form.getValues())) ? draft : null;
  });
  const undecided = useRef(offered !== null);
  // The latest options without making the subscription below start over at each render.
  const latest = useRef({ store, base: options?.base });
  useEffect(() => {
    latest.current = { store, base: options?.base };
  });

  useEffect(() => {
    if (!key) return undefined;
    return form.subscribe({
      formState: { values: true },
      callback({ values }) {
        if (undecided.current) return;
        const stored = latest.current.store(values as T);
        const start = latest.current.store(form.formState.defaultValues as T);
        if (same(stored, start)) removeDraft(key);
        else
          writeDraft(key, {
            savedAt: new Date().toISOString(),
            base: latest.current.base,
            values: stored,
          });
      },
    });
  }, [form, key]);

  const decide = () => {
    undecided.current = false;
    setOffered(null);
  };

  return {
    offer:
      offered && key
        ? {
            savedAt: offered.savedAt,
            changedSince: Boolean(offered.base && options?.base && offered.base !== options.base),
            restore() {
              decide();
              const current = form.getValues();
              const values = options?.restore
                ? options.restore(offered.values, current)
                : (offered.values as T);
              // Against the record as loaded, so the restored changes count as unsaved ones.
              form.reset(values, { keepDefaultValues: true });
            },
            discard() {
              decide();
              removeDraft(key);
            },
          }
        : null,
    clear() {
      if (key) removeDraft(key);
    },
  };
}
