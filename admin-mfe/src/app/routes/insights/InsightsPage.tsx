import type { InsightsReferrers } from '@vitrine/api-client';
import { formatNumber } from '@vitrine/contracts';
import { Button, DataTable, EmptyState } from '@vitrine/ui';
import type { ReactNode } from 'react';
import { Icon } from '../../../components/Icon';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { useInsightsActions } from '../../../features/insights/api/get-insights-actions';
import { useInsightsDevices } from '../../../features/insights/api/get-insights-devices';
import { useInsightsPages } from '../../../features/insights/api/get-insights-pages';
import { useInsightsProducts } from '../../../features/insights/api/get-insights-products';
import { useInsightsReferrers } from '../../../features/insights/api/get-insights-referrers';
import { useInsightsSummary } from '../../../features/insights/api/get-insights-summary';
import { ChartFigure } from '../../../features/insights/components/ChartFigure';
import { DailyChart, DailyTable } from '../../../features/insights/components/DailyChart';
import { PeriodPicker } from '../../../features/insights/components/PeriodPicker';
import {
  SharesChart,
  sharesHeight,
  SharesTable,
} from '../../../features/insights/components/SharesChart';
import { StatCards } from '../../../features/insights/components/StatCards';
import { TopPagesTable, TopProductsTable } from '../../../features/insights/components/TopTables';
import { useInsightsAdmin } from '../../../features/insights/hooks/use-insights-admin';
import { useInsightsRange } from '../../../features/insights/hooks/use-insights-range';
import {
  actionRows,
  dailyRows,
  describeDaily,
  describeShares,
  deviceRows,
  formatPercent,
  REFERRER_LABELS,
  referrerRows,
  type ShareRow,
} from '../../../features/insights/insights-data';
import { describeRange, rangeKey } from '../../../features/insights/insights-range';
import './insights-page.css';

const DAILY_HEIGHT = 280;

/**
 * /admin/insights: what works on the site over a period (the last 7, 30 or 90 days, or a
 * chosen range): views and visitors per day against the period before, the top pages and
 * projects, where visitors came from, their devices, what they did, who is on the site
 * now; each chart with its table. The CSV of the period, and "Delete all statistics".
 */
export function InsightsPage() {
  const [range, setRange] = useInsightsRange();
  const summary = useInsightsSummary(range);
  const pages = useInsightsPages(range);
  const products = useInsightsProducts(range);
  const referrers = useInsightsReferrers(range);
  const devices = useInsightsDevices(range);
  const actions = useInsightsActions(range);
  const { download, downloading, deleteAll } = useInsightsAdmin(range);
  const period = describeRange(range);
  const productViews = products.data?.reduce((sum, row) => sum + row.views, 0) ?? 0;
  const productEnquiries = products.data?.reduce((sum, row) => sum + row.enquiries, 0) ?? 0;

  return (
    <>
      <PageHeader
        title="Insights"
        description="What visitors look at and do on the site, counted without cookies, addresses or any other personal data."
        actions={
          <>
            <Button variant="secondary" busy={downloading} onClick={() => void download()}>
              <Icon name="download" size={18} />
              Download CSV
            </Button>
            <Button variant="secondary" className="adm-danger-outline" onClick={deleteAll}>
              <Icon name="trash" size={18} />
              Delete all statistics
            </Button>
          </>
        }
      />
      <PeriodPicker
        key={rangeKey(range)}
        range={range}
        shown={summary.data}
        timeZone={summary.data?.timeZone}
        onChange={setRange}
      />

      <section className="adm-insights__totals" aria-label={`Totals for ${period}`}>
        {summary.data ? (
          <StatCards
            label={`Totals for ${period}, against the period before`}
            stats={[
              { label: 'Views', value: summary.data.views, previous: summary.data.previous.views },
              {
                label: 'Visitors',
                value: summary.data.visitors,
                previous: summary.data.previous.visitors,
              },
              {
                label: 'Live now',
                value: summary.data.live,
                detail: 'visitors in the last 5 minutes',
              },
              {
                label: 'Project views to enquiries',
                value: productViews ? productEnquiries / productViews : 0,
                shown: products.data
                  ? formatPercent(productViews ? productEnquiries / productViews : 0)
                  : '…',
                detail: `${formatNumber(productEnquiries)} enquiries from ${formatNumber(productViews)} project views`,
              },
            ]}
          />
        ) : (
          <div className="adm-stats adm-stats--waiting">
            <QueryStatus query={summary} what="the totals" />
          </div>
        )}
      </section>

      <ChartFigure
        title="Views and visitors per day"
        label={summary.data ? describeDaily(summary.data) : ''}
        height={DAILY_HEIGHT}
        status={!summary.data && <QueryStatus query={summary} what="the views per day" />}
        chart={summary.data && <DailyChart rows={dailyRows(summary.data)} height={DAILY_HEIGHT} />}
        table={
          summary.data && (
            <DailyTable
              rows={dailyRows(summary.data)}
              caption={`Views and visitors per day, ${period}, and the same days before`}
            />
          )
        }
        note="A visitor is counted once a day: the same person on two days counts twice."
      />

      <div className="adm-insights__grid">
        <TableCard
          wide
          title="Top projects"
          status={!products.data && <QueryStatus query={products} what="the top projects" />}
        >
          {products.data && (
            <TopProductsTable products={products.data} caption={`Top projects, ${period}`} />
          )}
        </TableCard>
        <TableCard
          title="Top pages"
          status={!pages.data && <QueryStatus query={pages} what="the top pages" />}
        >
          {pages.data && <TopPagesTable pages={pages.data} caption={`Top pages, ${period}`} />}
        </TableCard>

        <SharesFigure
          title="Where visitors came from"
          what="Source"
          valueHeader="Views"
          rows={referrers.data && referrerRows(referrers.data)}
          status={!referrers.data && <QueryStatus query={referrers} what="the referrers" />}
          period={period}
          more={referrers.data && <ReferringSites referrers={referrers.data} period={period} />}
          note="Views that came from another page of the site are not counted here."
        />
        <SharesFigure
          title="Phones, tablets and desktops"
          what="Device"
          valueHeader="Views"
          rows={devices.data && deviceRows(devices.data)}
          status={!devices.data && <QueryStatus query={devices} what="the devices" />}
          period={period}
        />
        <SharesFigure
          title="What visitors did"
          what="Action"
          valueHeader="Times"
          rows={actions.data && actionRows(actions.data)}
          status={!actions.data && <QueryStatus query={actions} what="the actions" />}
          period={period}
          note="WhatsApp, phone and e-mail links followed, and the enquiry and call-back forms sent."
        />
      </div>
    </>
  );
}

function TableCard({
  title,
  status,
  children,
  wide = false,
}: {
  title: string;
  status: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <section
      className={`adm-card adm-insights__table${wide ? ' adm-insights__table--wide' : ''}`}
      aria-label={title}
    >
      <h2 className="adm-form-section__title">{title}</h2>
      {status || (
        // On a phone the table scrolls sideways inside this frame, which a keyboard can too.
        <div
          className="adm-insights__scroll"
          role="region"
          aria-label={`${title}, table`}
          tabIndex={0}
        >
          {children}
        </div>
      )}
    </section>
  );
}

/** A chart of categories and its table, or what stands in for them. */
function SharesFigure({
  title,
  what,
  valueHeader,
  rows,
  status,
  period,
  more,
  note,
}: {
  title: string;
  what: string;
  valueHeader: string;
  rows?: ShareRow[];
  status: ReactNode;
  period: string;
  /** Shown under the table. */
  more?: ReactNode;
  note?: string;
}) {
  const empty = rows?.every((row) => row.value === 0);
  return (
    <ChartFigure
      title={title}
      label={rows ? describeShares(`${title}, ${period}`, rows) : ''}
      height={sharesHeight(rows?.length ?? 5)}
      status={status}
      empty={empty && <EmptyState title="Nothing counted in this period yet" />}
      chart={rows && <SharesChart rows={rows} />}
      table={
        rows && (
          <>
            <SharesTable
              rows={rows}
              caption={`${title}, ${period}`}
              what={what}
              valueHeader={valueHeader}
            />
            {more}
          </>
        )
      }
      note={note}
    />
  );
}

/** The sites visitors came from, by host, under the referrers' table. */
function ReferringSites({ referrers, period }: { referrers: InsightsReferrers; period: string }) {
  return (
    <DataTable
      caption={`Referring sites, ${period}`}
      rows={referrers.hosts}
      rowKey={(row) => row.host}
      emptyState={<EmptyState title="No visitor came from another site" />}
      columns={[
        {
          key: 'host',
          header: 'Site',
          render: (row) => (row.host === 'direct' ? 'Direct' : row.host),
        },
        { key: 'group', header: 'Kind', render: (row) => REFERRER_LABELS[row.group] ?? row.group },
        { key: 'views', header: 'Views', render: (row) => formatNumber(row.views) },
      ]}
    />
  );
}
