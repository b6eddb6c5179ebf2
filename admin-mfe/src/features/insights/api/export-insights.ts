import { unwrap } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';
import type { InsightsRange } from '../insights-range';
import { insightsQuery } from './insights-query';

export interface CsvFile {
  blob: Blob;
  filename: string;
}

/**
 * The range's statistics as CSV: a row per day, dimension and key. Fetched with the token (a
 * plain link cannot carry it) and handed back as a Blob for the browser to save.
 */
export async function exportInsights(range: InsightsRange): Promise<CsvFile> {
  let disposition = '';
  const blob = await unwrap(
    api
      .GET('/api/insights/export.csv', {
        params: { query: insightsQuery(range) },
        parseAs: 'blob',
      })
      .then((result) => {
        disposition = result.response.headers.get('Content-Disposition') ?? '';
        return result;
      }),
  );
  const named = /filename="?([^";]+)"?/.exec(disposition)?.[1];
  return { blob: blob as Blob, filename: named ?? 'insights.csv' };
}
