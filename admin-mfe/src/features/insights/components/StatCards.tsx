import { formatNumber } from '@vitrine/contracts';
import { VisuallyHidden } from '@vitrine/ui';
import { change } from '../insights-data';

export interface Stat {
  label: string;
  value: number;
  /** The value as shown, when it is not a count: "2.5%". */
  shown?: string;
  /** The same over the period before; no comparison without it. */
  previous?: number;
  /** A line under the number instead of the comparison: "in the last 5 minutes". */
  detail?: string;
}

/** Big numbers with their change on the period before ("+12%", up in green). */
export function StatCards({ stats, label }: { stats: Stat[]; label: string }) {
  return (
    <dl className="adm-stats" aria-label={label}>
      {stats.map((stat) => {
        const delta = stat.previous === undefined ? null : change(stat.value, stat.previous);
        return (
          <div key={stat.label} className="adm-stat">
            <dt className="adm-stat__label">{stat.label}</dt>
            <dd className="adm-stat__value" data-testid={`stat-${stat.label}`}>
              {stat.shown ?? formatNumber(stat.value)}
            </dd>
            {delta ? (
              <dd className={`adm-stat__change adm-stat__change--${delta.direction}`}>
                <span aria-hidden="true">
                  {delta.direction === 'up' ? '▲ ' : delta.direction === 'down' ? '▼ ' : ''}
                  {delta.text}
                </span>
                <VisuallyHidden>{delta.spoken}</VisuallyHidden>
                <span className="adm-muted"> vs {formatNumber(stat.previous ?? 0)} before</span>
              </dd>
            ) : (
              stat.detail && <dd className="adm-stat__change adm-muted">{stat.detail}</dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}
