/**
 * Drafts of admin forms, kept in this browser's localStorage: one per user and record, so a
 * crash, a reload or a sign-in never loses what was typed. Only text and choices are kept
 * (never a password, never a picked file).
 */
const PREFIX = 'vitrine-admin-draft:';

/** Drafts older than this are dropped when the admin area opens. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface StoredDraft<S = unknown> {
  /** When it was last written (ISO). */
  savedAt: string;
  /** The record's `updatedAt` when the edit started, to tell whether it changed since. */
  base?: string;
  values: S;
}

export const draftKey = (userId: string, form: string) => `${PREFIX}${userId}:${form}`;

export function readDraft<S>(key: string): StoredDraft<S> | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as StoredDraft<S>;
    return typeof draft?.savedAt === 'string' && 'values' in draft ? draft : null;
  } catch {
    return null; // unreadable or storage disabled: as if there were none
  }
}

export function writeDraft<S>(key: string, draft: StoredDraft<S>): void {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the unsaved-changes guard still protects the input.
  }
}

export function removeDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // storage disabled: nothing was kept
  }
}

/** Removes drafts older than `maxAgeMs`; run once when the admin area opens. */
export function pruneDrafts(now = Date.now(), maxAgeMs = DRAFT_MAX_AGE_MS): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i -= 1) {
      const key = localStorage.key(i);
      if (!key?.startsWith(PREFIX)) continue;
      const draft = readDraft(key);
      if (!draft || now - Date.parse(draft.savedAt) > maxAgeMs) localStorage.removeItem(key);
    }
  } catch {
    // storage disabled
  }
}

/** The forms `userId` has drafts of in this browser ("product:665f…", "settings"), newest first. */
export function listDrafts(userId: string): { form: string; savedAt: string }[] {
  const prefix = draftKey(userId, '');
  const found: { form: string; savedAt: string }[] = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (!key?.startsWith(prefix)) continue;
      const draft = readDraft(key);
      if (draft) found.push({ form: key.slice(prefix.length), savedAt: draft.savedAt });
    }
  } catch {
    // storage disabled: no drafts
  }
  return found.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}
