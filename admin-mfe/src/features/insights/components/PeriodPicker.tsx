import { Button, TextField } from '@vitrine/ui';
import { useState, type FormEvent } from 'react';
import { chosenRangeError, PRESET_DAYS, type InsightsRange } from '../insights-range';

/**
 * The period shown: the last 7, 30 or 90 days (buttons, the one shown pressed), or a
 * chosen range of days, checked before it is asked for. `shown` is the range the API
 * answered, to start a chosen range from.
 */
export function PeriodPicker({
  range,
  shown,
  timeZone,
  onChange,
}: {
  range: InsightsRange;
  shown?: { from: string; to: string };
  timeZone?: string;
  onChange(range: InsightsRange): void;
}) {
  const chosen = !('days' in range);
  const [choosing, setChoosing] = useState(chosen);
  const [from, setFrom] = useState(chosen ? range.from : (shown?.from ?? ''));
  const [to, setTo] = useState(chosen ? range.to : (shown?.to ?? ''));
  const [error, setError] = useState<string | null>(null);

  function openChooser() {
    setChoosing(true);
    if (!from && shown) setFrom(shown.from);
    if (!to && shown) setTo(shown.to);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const refusal = chosenRangeError(from, to);
    setError(refusal);
    if (!refusal) onChange({ from, to });
  }

  return (
    <div className="adm-period">
      <div className="adm-period__presets" role="group" aria-label="Period">
        {PRESET_DAYS.map((days) => (
          <button
            key={days}
            type="button"
            className="adm-chart__view"
            aria-pressed={'days' in range && range.days === days && !choosing}
            onClick={() => {
              setChoosing(false);
              setError(null);
              onChange({ days });
            }}
          >
            {`Last ${days} days`}
          </button>
        ))}
        <button
          type="button"
          className="adm-chart__view"
          aria-pressed={choosing}
          aria-expanded={choosing}
          onClick={openChooser}
        >
          Chosen range
        </button>
      </div>
      {choosing && (
        <form className="adm-period__range" noValidate onSubmit={submit}>
          <TextField
            type="date"
            label="From"
            value={from}
            max={to || undefined}
            onChange={(event) => setFrom(event.target.value)}
            error={error && error !== 'Choose the first and the last day' ? error : undefined}
          />
          <TextField
            type="date"
            label="To"
            value={to}
            min={from || undefined}
            onChange={(event) => setTo(event.target.value)}
            error={error === 'Choose the first and the last day' ? error : undefined}
          />
          <Button type="submit" variant="secondary">
            Show
          </Button>
        </form>
      )}
      {timeZone && (
        <p className="adm-muted adm-period__zone">Days in the site’s time zone, {timeZone}.</p>
      )}
    </div>
  );
}
