import { formatNumber } from '@vitrine/contracts';
import { DataTable } from '@vitrine/ui';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDate } from '../../../lib/format';
import type { DailyRow } from '../insights-data';
import { CHART_COLOURS as C } from './chart-colours';

const SERIES = [
  { key: 'views', name: 'Views', colour: C.views, dash: undefined },
  { key: 'visitors', name: 'Visitors', colour: C.visitors, dash: undefined },
  { key: 'previousViews', name: 'Views, period before', colour: C.previous, dash: '6 4' },
  { key: 'previousVisitors', name: 'Visitors, period before', colour: C.visitors, dash: '2 4' },
] as const;

/**
 * Views (an area) and visitors per day, and the period before as dashed lines. Drawn at once,
 * without animation: numbers that grow into place are read wrong while they move.
 */
export function DailyChart({ rows, height }: { rows: DailyRow[]; height: number }) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      {/* The table view is the accessible one: the drawing is a single labelled image. */}
      <ComposedChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, left: 0 }}>
        <CartesianGrid stroke={C.grid} vertical={false} />
        <XAxis
          dataKey="label"
          tick={{ fill: C.muted, fontSize: 12 }}
          tickLine={false}
          minTickGap={16}
        />
        <YAxis
          allowDecimals={false}
          width={44}
          tick={{ fill: C.muted, fontSize: 12 }}
          tickFormatter={(value: number) => formatNumber(value)}
        />
        <Tooltip formatter={(value) => formatNumber(Number(value))} labelStyle={{ color: C.ink }} />
        <Legend wrapperStyle={{ fontSize: 13, color: C.ink }} />
        {SERIES.map((series) =>
          series.key === 'views' ? (
            <Area
              key={series.key}
              type="monotone"
              dataKey={series.key}
              name={series.name}
              stroke={series.colour}
              fill={series.colour}
              fillOpacity={0.12}
              strokeWidth={2}
              isAnimationActive={false}
            />
          ) : (
            <Line
              key={series.key}
              type="monotone"
              dataKey={series.key}
              name={series.name}
              stroke={series.colour}
              strokeDasharray={series.dash}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ),
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/** The same numbers, a row per day, the day before-period beside each. */
export function DailyTable({ rows, caption }: { rows: DailyRow[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      captionHidden
      rows={rows}
      rowKey={(row) => row.day}
      columns={[
        { key: 'day', header: 'Day', render: (row) => formatDate(row.day) },
        { key: 'views', header: 'Views', render: (row) => formatNumber(row.views) },
        { key: 'visitors', header: 'Visitors', render: (row) => formatNumber(row.visitors) },
        {
          key: 'previousDay',
          header: 'Day before',
          render: (row) => formatDate(row.previousDay),
        },
        {
          key: 'previousViews',
          header: 'Views before',
          render: (row) => formatNumber(row.previousViews),
        },
        {
          key: 'previousVisitors',
          header: 'Visitors before',
          render: (row) => formatNumber(row.previousVisitors),
        },
      ]}
    />
  );
}
