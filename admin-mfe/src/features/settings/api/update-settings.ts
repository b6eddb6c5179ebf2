import { unwrap, type Schemas } from '@vitrine/api-client';
import type { AdminSettings } from '../../../lib/site-languages';
import { api } from '../../../lib/api-client';

/** The body of a save: the whole profile, with the site's languages (the default first). */
export type SettingsInput = Schemas['UpdateSettingsDto'] & {
  languages?: string[];
  /** The texts in other languages (issue 36); the languages left out are kept. */
  translations?: Record<string, Record<string, unknown>>;
};

/** Replaces the whole profile; field errors come back keyed like `email` or `social.0.url`. */
export function updateSettings(body: SettingsInput): Promise<AdminSettings> {
  return unwrap(api.PUT('/api/settings', { body }));
}
