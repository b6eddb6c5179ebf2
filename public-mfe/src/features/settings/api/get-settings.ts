import type { SiteSettings } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@vitrine/api-client';
import { groupDigits } from '@vitrine/contracts';
import { useApi } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/api-query';

/** The site's texts, contacts, figures and offers, as the administrator last saved them. */
const settings = apiQuery(
  () => ['settings'],
  (api, signal) => api.GET('/api/settings', { signal }),
);

/** The texts the administrator writes in words, whose numbers visitors read grouped. */
const PROSE = [
  'tagline',
  'description',
  'story',
  'journey',
  'about',
  'heroTitle',
  'heroSubtitle',
  'servicesOffer',
] as const;

/**
 * The settings as visitors read them: numbers in the texts, the figures and the offers
 * grouped as the site writes prices ("30,000 retailers", not "30000"). The contacts, the
 * address (its PIN code) and the tax line stay exactly as written.
 */
export function readableSettings(answer: SiteSettings): SiteSettings {
  const readable: SiteSettings = { ...answer };
  for (const key of PROSE) {
    if (typeof answer[key] === 'string') readable[key] = groupDigits(answer[key]);
  }
  readable.figures = answer.figures.map((figure) => ({
    ...figure,
    value: groupDigits(figure.value),
  }));
  readable.offers = answer.offers.map((offer) => ({
    ...offer,
    title: groupDigits(offer.title),
    ...(offer.text ? { text: groupDigits(offer.text) } : {}),
  }));
  return readable;
}

export const settingsQueryOptions = (api: ApiClient) =>
  queryOptions({ ...settings.options(api), select: readableSettings });

export function useSettingsQuery() {
  return useQuery(settingsQueryOptions(useApi()));
}
