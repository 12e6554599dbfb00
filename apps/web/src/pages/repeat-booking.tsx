import { DateTime } from 'luxon';
import { useState } from 'react';
import { ok, type Booking, type CreatedSeries, type Resource } from '../api/client';
import { createBooking } from '../api/bookings';
import { useApp } from '../app-context';
import { useText } from '../i18n/language';
import { addWallMinutes, rruleDay } from '../time/wall-time';
import { formatInstant, wallTimeToInstant } from '../time/zones';
import { ErrorMessage } from '../ui/messages';
import { sentenceFor } from '../ui/use-async';

const EVERY: { value: string; label: 'everyDay' | 'everyWeek' | 'everyTwoWeeks' | 'everyMonth' }[] = [
  { value: 'FREQ=DAILY', label: 'everyDay' },
  { value: 'FREQ=WEEKLY', label: 'everyWeek' },
  { value: 'FREQ=WEEKLY;INTERVAL=2', label: 'everyTwoWeeks' },
  { value: 'FREQ=MONTHLY', label: 'everyMonth' },
];

/** A repeating booking from plain choices; its occurrences listed, each cancellable or movable alone. */
export function RepeatBooking({
  provider,
  slot,
}: {
  provider: Resource;
  slot: { start: string; end: string };
}) {
  const { api } = useApp();
  const { text } = useText();
  const [every, setEvery] = useState(EVERY[1]!.value);
  const [times, setTimes] = useState(10);
  const [series, setSeries] = useState<CreatedSeries>();
  const [error, setError] = useState<string>();
  // The rule runs on the provider's wall clock, so a weekly visit keeps its hour across DST.
  const wallStart = DateTime.fromISO(slot.start, { zone: provider.timeZone }).toFormat("yyyy-LL-dd'T'HH:mm");
  const minutes = (Date.parse(slot.end) - Date.parse(slot.start)) / 60_000;

  async function create() {
    setError(undefined);
    const byDay = every.startsWith('FREQ=WEEKLY') ? `;BYDAY=${rruleDay(wallStart)}` : '';
    try {
      const created = await createBooking(api, {
        resourceId: provider.resourceId,
        start: wallStart,
        end: addWallMinutes(wallStart, minutes),
        timeZone: provider.timeZone,
        rrule: `${every}${byDay};COUNT=${times}`,
      });
      if ('occurrences' in created) setSeries(created);
    } catch (failure) {
      setError(sentenceFor(failure, text));
    }
  }

  if (series) return <SeriesOccurrences series={series} minutes={minutes} />;
  return (
    <fieldset>
      <legend>{text.repeatIt}</legend>
      <label>
        {text.repeat}
        <select value={every} onChange={(event) => setEvery(event.target.value)}>
          {EVERY.map((option) => (
            <option key={option.value} value={option.value}>
              {text[option.label]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {text.howManyTimes}
        <input
          type="number"
          min={2}
          max={52}
          value={times}
          onChange={(event) => setTimes(Number(event.target.value))}
        />
      </label>
      <button type="button" onClick={() => void create()}>
        {text.bookTimes(times)}
      </button>
      <ErrorMessage text={error} />
    </fieldset>
  );
}

function SeriesOccurrences({ series, minutes }: { series: CreatedSeries; minutes: number }) {
  const { api, zone } = useApp();
  const { text, language } = useText();
  // A held occurrence's recurrenceId is its original start (never null in a series' answer).
  const [occurrences, setOccurrences] = useState<(Booking & { recurrenceId: string })[]>(() =>
    series.occurrences.map((booking) => ({
      ...booking,
      recurrenceId: booking.recurrenceId ?? booking.start,
    })),
  );
  const [moving, setMoving] = useState<string>();
  const [newStart, setNewStart] = useState('');
  const [error, setError] = useState<string>();
  const path = (recurrenceId: string) => ({ params: { path: { seriesId: series.seriesId, recurrenceId } } });

  async function change(recurrenceId: string, action: 'cancel' | 'reschedule') {
    setError(undefined);
    try {
      const changed =
        action === 'cancel'
          ? ok(
              await api.POST('/v1/series/{seriesId}/occurrences/{recurrenceId}/cancel', {
                ...path(recurrenceId),
                body: {},
              }),
            )
          : ok(
              await api.POST('/v1/series/{seriesId}/occurrences/{recurrenceId}/reschedule', {
                ...path(recurrenceId),
                body: { start: newStart, end: addWallMinutes(newStart, minutes), timeZone: zone },
              }),
            );
      // A cancelled occurrence not held yet answers only its status.
      const update =
        'start' in changed
          ? { status: changed.status, start: changed.start, end: changed.end }
          : { status: changed.status };
      setOccurrences((all) =>
        all.map((each) => (each.recurrenceId === recurrenceId ? { ...each, ...update } : each)),
      );
      setMoving(undefined);
    } catch (failure) {
      setError(sentenceFor(failure, text));
    }
  }

  return (
    <section aria-labelledby="series-title">
      <h3 id="series-title">{text.seriesBooked(occurrences.length, series.rrule)}</h3>
      <ErrorMessage text={error} />
      <ol>
        {occurrences.map((occurrence) => (
          <li key={occurrence.recurrenceId} data-status={occurrence.status}>
            {formatInstant(occurrence.start, zone, language)} — {text.statusShort[occurrence.status]}{' '}
            {occurrence.status !== 'CANCELLED' && (
              <>
                <button type="button" onClick={() => void change(occurrence.recurrenceId, 'cancel')}>
                  {text.cancelThisOne}
                </button>{' '}
                <button type="button" onClick={() => setMoving(occurrence.recurrenceId)}>
                  {text.moveThisOne}
                </button>
              </>
            )}
            {moving === occurrence.recurrenceId && (
              <span>
                <label>
                  {text.newStart(zone)}
                  <input
                    type="datetime-local"
                    value={newStart}
                    onChange={(event) => setNewStart(event.target.value)}
                  />
                </label>
                <button
                  type="button"
                  disabled={!wallTimeToInstant(newStart, zone)}
                  onClick={() => void change(occurrence.recurrenceId, 'reschedule')}
                >
                  {text.move}
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
