import { formatNumber } from '@vitrine/contracts';
import { Link } from 'react-router-dom';
import { QueryStatus } from '../../../components/QueryStatus';
import { adminPath } from '../../../lib/paths';
import { useInsightsProducts } from '../api/get-insights-products';
import { useInsightsSummary } from '../api/get-insights-summary';
import type { InsightsRange } from '../insights-range';
import { StatCards } from './StatCards';
import './insights.css';

const LAST_7_DAYS: InsightsRange = { days: 7 };
const TOP = 3;

/** The overview's card: the last 7 days' views and visitors, who is live, the top projects. */
export function InsightsOverviewPanel() {
  const summary = useInsightsSummary(LAST_7_DAYS);
  const products = useInsightsProducts(LAST_7_DAYS);
  return (
    <section className="adm-card adm-insights-panel" aria-labelledby="overview-insights">
      <h2 id="overview-insights" className="adm-form-section__title">
        Visits, last 7 days
      </h2>
      {summary.data ? (
        <StatCards
          label="The last 7 days, against the 7 before"
          stats={[
            { label: 'Views', value: summary.data.views, previous: summary.data.previous.views },
            {
              label: 'Visitors',
              value: summary.data.visitors,
              previous: summary.data.previous.visitors,
            },
            { label: 'Live now', value: summary.data.live, detail: 'in the last 5 minutes' },
          ]}
        />
      ) : (
        <div className="adm-stats--waiting">
          <QueryStatus query={summary} what="the visits" />
        </div>
      )}
      <h3 className="adm-insights-panel__subtitle">Top projects</h3>
      {!products.data ? (
        <QueryStatus query={products} what="the top projects" />
      ) : products.data.length === 0 ? (
        <p className="adm-muted">No project viewed in the last 7 days.</p>
      ) : (
        <ol className="adm-insights-panel__top">
          {products.data.slice(0, TOP).map((product) => (
            <li key={product.slug}>
              {product.id ? (
                <Link className="adm-link" to={adminPath(`edit-product/${product.id}`)}>
                  {product.name}
                </Link>
              ) : (
                <span className="adm-break">{product.slug}</span>
              )}
              <span className="adm-muted">
                {' '}
                · {formatNumber(product.views)} views, {formatNumber(product.enquiries)}{' '}
                {product.enquiries === 1 ? 'enquiry' : 'enquiries'}
              </span>
            </li>
          ))}
        </ol>
      )}
      <Link className="adm-link" to={adminPath('insights')}>
        All insights
      </Link>
    </section>
  );
}
