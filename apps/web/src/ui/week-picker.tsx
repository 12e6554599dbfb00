import { DateTime } from 'luxon';
import { useId } from 'react';

/** Previous / next week and a date to jump to; `monday` is the week's first day in the zone shown. */
export function WeekPicker({
  monday,
  zone,
  onChange,
}: {
  monday: DateTime<true>;
  zone: string;
  onChange: (monday: DateTime<true>) => void;
}) {
  const id = useId();
  const jump = (date: string) => {
    const day = DateTime.fromISO(date, { zone });
    if (day.isValid) onChange(day.startOf('week'));
  };
  return (
    <div className="week-controls">
      <button type="button" onClick={() => onChange(monday.minus({ weeks: 1 }))}>
        Previous week
      </button>
      <h2 id={`${id}-title`} aria-live="polite">
        Week of {monday.setLocale(navigator.language).toLocaleString(DateTime.DATE_MED)} ({zone})
      </h2>
      <button type="button" onClick={() => onChange(monday.plus({ weeks: 1 }))}>
        Next week
      </button>
      <label>
        Go to the week of
        <input type="date" value={monday.toISODate() ?? ''} onChange={(event) => jump(event.target.value)} />
      </label>
    </div>
  );
}
