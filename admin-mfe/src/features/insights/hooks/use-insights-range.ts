import { useSearchParams } from 'react-router-dom';
import { rangeFromSearch, rangeQuery, type InsightsRange } from '../insights-range';

/** The period the Insights page shows, kept in its address so a reload or a link keeps it. */
export function useInsightsRange(): [InsightsRange, (range: InsightsRange) => void] {
  const [search, setSearch] = useSearchParams();
  const range = rangeFromSearch(search);
  const setRange = (next: InsightsRange) => {
    const query = rangeQuery(next);
    setSearch(
      Object.fromEntries(
        Object.entries(query).flatMap(([key, value]) =>
          value === undefined ? [] : [[key, String(value)]],
        ),
      ),
      { replace: true },
    );
  };
  return [range, setRange];
}
