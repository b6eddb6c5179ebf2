import type { SiteSettings } from '@vitrine/api-client';
import { createContext, type ReactNode, useContext } from 'react';
import { useSettingsQuery } from '../features/settings/api/get-settings';
import type { QueryResult } from '../lib/use-query';

const SettingsContext = createContext<QueryResult<SiteSettings> | null>(null);

/**
 * Loads the site settings once for the whole site: the header, the footer and most pages
 * show some of them (contacts, texts, figures, offers).
 */
export function SiteSettingsProvider({ children }: { children: ReactNode }) {
  const query = useSettingsQuery();
  return <SettingsContext.Provider value={query}>{children}</SettingsContext.Provider>;
}

export function useSiteSettings(): QueryResult<SiteSettings> {
  const query = useContext(SettingsContext);
  if (!query) throw new Error('useSiteSettings() needs a <SiteSettingsProvider> above it.');
  return query;
}
