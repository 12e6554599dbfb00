import { DateTime } from 'luxon';
import { useId } from 'react';
import { useText } from '../i18n/language';

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
  const { text, language } = useText();
  const jump = (date: string) => {
    const day = DateTime.fromISO(date, { zone });
    if (day.isValid) onChange(day.startOf('week'));
  };
  return (
    <div className="week-controls">
      <button type="button" onClick={() => onChange(monday.minus({ weeks: 1 }))}>
        {text.previousWeek}
      </button>
      <h2 id={`${id}-title`} aria-live="polite">
        {text.weekOf(monday.setLocale(language).toLocaleString(DateTime.DATE_MED), zone)}
      </h2>
      <button type="button" onClick={() => onChange(monday.plus({ weeks: 1 }))}>
        {text.nextWeek}
      </button>
      <label>
        {text.goToWeekOf}
        <input type="date" value={monday.toISODate() ?? ''} onChange={(event) => jump(event.target.value)} />
      </label>
    </div>
  );
}
