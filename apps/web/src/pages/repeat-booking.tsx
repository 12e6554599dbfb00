import { DateTime } from 'luxon';
import { useState } from 'react';
import { ok, type Booking, type CreatedSeries, type Resource } from '../api/client';
import { createBooking } from '../api/bookings';
import { useApp } from '../app-context';
import { addWallMinutes, rruleDay } from '../time/wall-time';
import { formatInstant, wallTimeToInstant } from '../time/zones';
import { ErrorMessage } from '../ui/messages';
import { sentenceFor } from '../ui/use-async';

const EVERY = [
  { value: 'FREQ=DAILY', label: 'every day' },
  { value: 'FREQ=WEEKLY', label: 'every week on that day' },
  { value: 'FREQ=WEEKLY;INTERVAL=2', label: 'every two weeks on that day' },
  { value: 'FREQ=MONTHLY', label: 'every month on that date' },
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
      setError(sentenceFor(failure));
    }
  }

  if (series) return <SeriesOccurrences series={series} minutes={minutes} />;
  return (
    <fieldset>
      <legend>Repeat it</legend>
      <label>
        Repeat
        <select value={every} onChange={(event) => setEvery(event.target.value)}>
          {EVERY.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        How many times
        <input
          type="number"
          min={2}
          max={52}
          value={times}
          onChange={(event) => setTimes(Number(event.target.value))}
        />
      </label>
      <button type="button" onClick={() => void create()}>
        Book {times} times
      </button>
      <ErrorMessage text={error} />
    </fieldset>
  );
}

function SeriesOccurrences({ series, minutes }: { series: CreatedSeries; minutes: number }) {
  const { api, zone } = useApp();
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
      setError(sentenceFor(failure));
    }
  }

  return (
    <section aria-labelledby="series-title">
      <h3 id="series-title">
        {occurrences.length} bookings ({series.rrule})
      </h3>
      <ErrorMessage text={error} />
      <ol>
        {occurrences.map((occurrence) => (
          <li key={occurrence.recurrenceId} data-status={occurrence.status}>
            {formatInstant(occurrence.start, zone)} — {occurrence.status.toLowerCase()}{' '}
            {occurrence.status !== 'CANCELLED' && (
              <>
                <button type="button" onClick={() => void change(occurrence.recurrenceId, 'cancel')}>
                  Cancel this one
                </button>{' '}
                <button type="button" onClick={() => setMoving(occurrence.recurrenceId)}>
                  Move this one…
                </button>
              </>
            )}
            {moving === occurrence.recurrenceId && (
              <span>
                <label>
                  New start ({zone})
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
                  Move
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
