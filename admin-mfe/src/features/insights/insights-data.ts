// The numbers of the Insights screens shaped for a chart and for its table, said once so
// that both show the same, and the words each dimension is shown with.
import type {
  InsightsActionCount,
  InsightsDeviceCount,
  InsightsReferrers,
  InsightsSummary,
} from '@vitrine/api-client';
import { formatNumber } from '@vitrine/contracts';
import { shortDay } from './insights-range';

export interface Change {
  /** "+12%", "−5%", "no change", "new". */
  text: string;
  direction: 'up' | 'down' | 'same';
  /** For a screen reader: "up 12% on the period before". */
  spoken: string;
}

/** How `current` compares with `previous`, in words and as a signed percentage. */
export function change(current: number, previous: number): Change {
  if (current === previous) {
    return { text: 'no change', direction: 'same', spoken: 'the same as the period before' };
  }
  if (previous === 0) {
    return { text: 'new', direction: 'up', spoken: 'none in the period before' };
  }
  const percent = Math.round(((current - previous) / previous) * 100);
  const up = current > previous;
  // A change too small to round to 1% still says which way it went.
  const shown = percent === 0 ? '<1' : formatNumber(Math.abs(percent));
  return {
    text: `${up ? '+' : '−'}${shown}%`,
    direction: up ? 'up' : 'down',
    spoken: `${up ? 'up' : 'down'} ${shown}% on the period before`,
  };
}

/** A share or a conversion as a percentage: "25%", "2.5%", "0%". */
export function formatPercent(fraction: number): string {
  const percent = fraction * 100;
  if (percent === 0) return '0%';
  const digits = percent < 10 ? 1 : 0;
  return `${Number(percent.toFixed(digits)).toLocaleString('en-IN')}%`;
}

/** One day of the range beside the same day of the period before (by position). */
export interface DailyRow {
  day: string;
  /** "2 Dec", the axis's label. */
  label: string;
  views: number;
  visitors: number;
  previousDay: string;
  previousViews: number;
  previousVisitors: number;
}

export function dailyRows(summary: Pick<InsightsSummary, 'days' | 'previous'>): DailyRow[] {
  const before = summary.previous.days ?? [];
  return summary.days.map((day, index) => ({
    day: day.day,
    label: shortDay(day.day),
    views: day.views,
    visitors: day.visitors,
    previousDay: before[index]?.day ?? '',
    previousViews: before[index]?.views ?? 0,
    previousVisitors: before[index]?.visitors ?? 0,
  }));
}

/** A bar of a chart of categories, and a row of its table. */
export interface ShareRow {
  key: string;
  label: string;
  value: number;
  /** Of the total of every row, 0 to 1. */
  share: number;
}

function withShares(rows: Omit<ShareRow, 'share'>[]): ShareRow[] {
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  return rows.map((row) => ({ ...row, share: total ? row.value / total : 0 }));
}

export const REFERRER_LABELS: Record<string, string> = {
  search: 'Search engines',
  social: 'Social networks',
  whatsapp: 'WhatsApp',
  direct: 'Direct (no referrer)',
  other: 'Other sites',
};

export const DEVICE_LABELS: Record<string, string> = {
  phone: 'Phones',
  tablet: 'Tablets',
  desktop: 'Desktops',
};

export const ACTION_LABELS: Record<string, string> = {
  whatsapp: 'WhatsApp chats',
  call: 'Calls',
  email: 'E-mails',
  enquiry: 'Enquiry forms sent',
  callback: 'Call-back forms sent',
};

/** Where visitors came from, by group, in the API's order (most first). */
export function referrerRows(referrers: Pick<InsightsReferrers, 'groups'>): ShareRow[] {
  return withShares(
    referrers.groups.map((group) => ({
      key: group.group,
      label: REFERRER_LABELS[group.group] ?? group.group,
      value: group.views,
    })),
  );
}

/** Phones, tablets and desktops, always all three. */
export function deviceRows(devices: InsightsDeviceCount[]): ShareRow[] {
  return withShares(
    Object.keys(DEVICE_LABELS).map((device) => ({
      key: device,
      label: DEVICE_LABELS[device],
      value: devices.find((item) => item.device === device)?.views ?? 0,
    })),
  );
}

/** Every action, in the order the site offers them. */
export function actionRows(actions: InsightsActionCount[]): ShareRow[] {
  return withShares(
    Object.keys(ACTION_LABELS).map((action) => ({
      key: action,
      label: ACTION_LABELS[action],
      value: actions.find((item) => item.action === action)?.count ?? 0,
    })),
  );
}

/** What a chart of categories shows, in one sentence: its label for a screen reader. */
export function describeShares(title: string, rows: ShareRow[]): string {
  if (rows.every((row) => row.value === 0)) return `${title}: nothing counted yet`;
  return `${title}: ${rows
    .map((row) => `${row.label} ${formatNumber(row.value)} (${formatPercent(row.share)})`)
    .join(', ')}`;
}

/** What the daily chart shows, in one sentence. */
export function describeDaily(
  summary: Pick<InsightsSummary, 'views' | 'visitors' | 'from' | 'to' | 'previous'>,
): string {
  return (
    `Views and visitors per day from ${shortDay(summary.from, true)} to ` +
    `${shortDay(summary.to, true)}: ${formatNumber(summary.views)} views and ` +
    `${formatNumber(summary.visitors)} visitors, against ${formatNumber(summary.previous.views)} ` +
    `views and ${formatNumber(summary.previous.visitors)} visitors the period before`
  );
}
