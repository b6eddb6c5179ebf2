import { formatNumber } from '@vitrine/contracts';
import { DataTable } from '@vitrine/ui';
import { Bar, BarChart, LabelList, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { formatPercent, type ShareRow } from '../insights-data';
import { CHART_COLOURS as C } from './chart-colours';

/** The height a chart of `rows` bars takes: each bar its line. */
export const sharesHeight = (rows: number) => Math.max(rows, 1) * 40 + 16;

/** Categories as horizontal bars, each with its number at its end. */
export function SharesChart({ rows }: { rows: ShareRow[] }) {
  return (
    <ResponsiveContainer width="100%" height={sharesHeight(rows.length)}>
      <BarChart
        data={rows}
        layout="vertical"
        accessibilityLayer={false}
        margin={{ top: 8, right: 56, left: 0, bottom: 8 }}
        barCategoryGap={8}
      >
        <XAxis type="number" hide allowDecimals={false} domain={[0, 'dataMax']} />
        <YAxis
          type="category"
          dataKey="label"
          width={132}
          tickLine={false}
          axisLine={false}
          tick={{ fill: C.ink, fontSize: 13 }}
        />
        <Bar dataKey="value" fill={C.bar} radius={[0, 4, 4, 0]} isAnimationActive={false}>
          <LabelList
            dataKey="value"
            position="right"
            fill={C.ink}
            fontSize={13}
            formatter={(value) => formatNumber(Number(value))}
          />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** The same numbers with each one's share of the whole. */
export function SharesTable({
  rows,
  caption,
  what,
  valueHeader,
}: {
  rows: ShareRow[];
  caption: string;
  /** The first column's header: "Device". */
  what: string;
  valueHeader: string;
}) {
  return (
    <DataTable
      caption={caption}
      captionHidden
      rows={rows}
      rowKey={(row) => row.key}
      columns={[
        { key: 'label', header: what },
        { key: 'value', header: valueHeader, render: (row) => formatNumber(row.value) },
        { key: 'share', header: 'Share', render: (row) => formatPercent(row.share) },
      ]}
    />
  );
}
