import { useId, useState, type ReactNode } from 'react';
import './insights.css';

/**
 * A chart with its table: a figure, headed by its title, with "Chart" and "Table" buttons
 * that switch between the drawing (one image to a screen reader, labelled with what it
 * shows) and a table of the same numbers. Until the numbers come, `status` stands in the
 * chart's place at the chart's height, so nothing moves when they arrive.
 */
export function ChartFigure({
  title,
  label,
  chart,
  table,
  status,
  empty,
  height = 260,
  note,
  headingLevel = 2,
}: {
  title: string;
  /** What the chart shows, in a sentence: the image's name. */
  label: string;
  chart: ReactNode;
  table: ReactNode;
  /** Loading or failed: shown instead of either. */
  status?: ReactNode;
  /** Nothing to draw: shown instead of the chart (the table still shows the zeros). */
  empty?: ReactNode;
  height?: number;
  /** A line under the figure: what is counted. */
  note?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const titleId = useId();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <figure className="adm-card adm-chart" aria-labelledby={titleId}>
      <div className="adm-chart__head">
        <Heading id={titleId} className="adm-form-section__title adm-chart__title">
          {title}
        </Heading>
        <div className="adm-chart__views" role="group" aria-label={`${title}: show as`}>
          {(['chart', 'table'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className="adm-chart__view"
              aria-pressed={view === option}
              onClick={() => setView(option)}
            >
              {option === 'chart' ? 'Chart' : 'Table'}
            </button>
          ))}
        </div>
      </div>
      {status ? (
        <div className="adm-chart__status" style={{ minHeight: height }}>
          {status}
        </div>
      ) : view === 'chart' && empty ? (
        <div className="adm-chart__status" style={{ minHeight: height }}>
          {empty}
        </div>
      ) : view === 'chart' ? (
        <div className="adm-chart__plot" role="img" aria-label={label} style={{ height }}>
          {chart}
        </div>
      ) : (
        // The region scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
        <div
          className="adm-chart__table"
          role="region"
          aria-label={`${title}, as a table`}
          tabIndex={0}
          style={{ minHeight: height }}
        >
          {table}
        </div>
      )}
      {note && <figcaption className="adm-muted adm-chart__note">{note}</figcaption>}
    </figure>
  );
}
