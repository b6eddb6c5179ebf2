import { Link } from 'react-router-dom';
import { QueryStatus } from '../../../components/QueryStatus';
import { adminPath } from '../../../lib/paths';
import { useProductInsights } from '../api/get-product-insights';
import { formatPercent } from '../insights-data';
import type { InsightsRange } from '../insights-range';
import { StatCards } from './StatCards';
import './insights.css';

const LAST_30_DAYS: InsightsRange = { days: 30 };

/** A project's own numbers on its edit screen: views, visitors, enquiries, last 30 days. */
export function ProductInsightsPanel({ slug }: { slug: string }) {
  const numbers = useProductInsights(slug, LAST_30_DAYS);
  return (
    <section className="adm-card adm-product-insights" aria-labelledby="product-insights">
      <h2 id="product-insights" className="adm-form-section__title">
        Visits to this project, last 30 days
      </h2>
      {numbers.data ? (
        <StatCards
          label="This project's visits, last 30 days"
          stats={[
            { label: 'Views', value: numbers.data.views },
            { label: 'Visitors', value: numbers.data.visitors },
            { label: 'Enquiries', value: numbers.data.enquiries },
            {
              label: 'Conversion',
              value: numbers.data.conversion,
              shown: formatPercent(numbers.data.conversion),
              detail: 'of views led to an enquiry',
            },
          ]}
        />
      ) : (
        <div className="adm-stats--waiting">
          <QueryStatus query={numbers} what="this project’s visits" />
        </div>
      )}
      <Link className="adm-link" to={adminPath('insights')}>
        All insights
      </Link>
    </section>
  );
}
