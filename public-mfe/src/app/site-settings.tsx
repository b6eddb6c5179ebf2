import type { SiteSettings } from '@vitrine/api-client';
import type { UseQueryResult } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { settingsQueryOptions, useSettingsQuery } from '../features/settings/api/get-settings';
import { pageLoader } from '../lib/page-loader';
import { StudioPhoneContext } from '../lib/studio-phone';

const SettingsContext = createContext<UseQueryResult<SiteSettings> | null>(null);

/**
 * Loads the site settings once for the whole site: the header, the footer and most pages
 * show some of them (contacts, texts, figures, offers).
 */
export function SiteSettingsProvider({ children }: { children: ReactNode }) {
  const query = useSettingsQuery();
  return (
    <SettingsContext.Provider value={query}>
      <StudioPhoneContext.Provider value={query.data?.phone}>
        {children}
      </StudioPhoneContext.Provider>
    </SettingsContext.Provider>
  );
}

export function useSiteSettings(): UseQueryResult<SiteSettings> {
  const query = useContext(SettingsContext);
  if (!query) throw new Error('useSiteSettings() needs a <SiteSettingsProvider> above it.');
  return query;
}

/** The root route's loader: the settings, which every page shows. */
export const siteLoader = pageLoader(({ queryClient, api }) =>
  queryClient.prefetchQuery(settingsQueryOptions(api)),
);
