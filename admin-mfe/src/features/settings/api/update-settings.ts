import { unwrap, type Schemas, type SiteSettings } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

export type SettingsInput = Schemas['UpdateSettingsDto'];

/** Replaces the whole profile; field errors come back keyed like `email` or `social.0.url`. */
export function updateSettings(body: SettingsInput): Promise<SiteSettings> {
  return unwrap(api.PUT('/api/settings', { body }));
}
