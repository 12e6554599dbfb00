import { CalendarStore } from '@booking/app-google-sandbox';
import { desiredSeries, type BookingSnapshot, type SeriesSnapshot } from '@booking/app-notification';
import { seriesSweep, sweptChange, SWEEP_WINDOW } from '@booking/testing';
import { expandSeries, formatWall, parseRule } from '@booking/time';

const DAY = 86_400_000;
const WINDOW = SWEEP_WINDOW;
/** The sync's clock: its span of written differences, a month back and two years on, covers the window. */
const NOW = new Date('2027-01-31T00:00:00Z');
const iso = (instances: { start: Date; end: Date }[]) =>
  instances.map(({ start, end }) => `${start.toISOString()}/${end.toISOString()}`);

describe('a series on Google, read back by the stand-in (rrule.js and luxon, not the platform’s time code)', () => {
  it('has exactly the platform’s occurrences as instances: clamped, shifted, skipped, later, cancelled and moved', () => {
    let instances = 0;
    const policies = new Set<string>();
    const sweep = seriesSweep(150);
    for (const [run, swept] of sweep.entries()) {
      const series: SeriesSnapshot = {
        seriesId: `series-${run}`,
        resourceId: 'r1',
        status: 'ACTIVE',
        rrule: swept.rrule,
        timeZone: swept.timeZone,
        startLocal: formatWall(swept.startWall),
        endLocal: formatWall(swept.endWall),
        cancelledRecurrences: [],
        conflictRecurrences: [],
        onMissingDay: swept.onMissingDay,
        onNonexistent: swept.onNonexistent,
        disambiguation: swept.disambiguation,
        version: 1,
      };
      const policy = `${swept.onMissingDay}/${swept.onNonexistent}/${swept.disambiguation}`;
      policies.add(policy);
      const spec = {
        ...swept,
        rule: parseRule(swept.rrule),
        start: swept.startWall,
        end: swept.endWall,
        zone: swept.timeZone,
      };
      const platform = expandSeries(spec, WINDOW.from, WINDOW.to).occurrences;
      const bookings: BookingSnapshot[] = platform.map((occurrence, index) => {
        const change = sweptChange(index);
        const shift = change === 'moved' ? DAY : 0;
        return {
          bookingId: `b-${run}-${index}`,
          resourceId: 'r1',
          customerId: 'c1',
          status: change === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
          start: new Date(occurrence.start.getTime() + shift),
          end: new Date(occurrence.end.getTime() + shift),
          timeZone: swept.timeZone,
          contact: null,
          seriesId: series.seriesId,
          recurrenceId: occurrence.recurrenceId,
          version: 1,
          calendarSequence: change === 'moved' ? 1 : 0,
        };
      });
      const expected = bookings
        .filter((booking) => booking.status === 'CONFIRMED' && booking.start < WINDOW.to)
        .sort((a, b) => a.start.getTime() - b.start.getTime());

      const desired = desiredSeries(series, bookings, NOW);
      if (desired.kind !== 'present') throw new Error('an active series is present');
      const google = new CalendarStore(() => NOW);
      google.insert('primary', desired.event);
      for (const exception of desired.exceptions)
        google.patch('primary', exception.instanceId, { start: exception.start, end: exception.end });
      // Read past the window's end: an instance moved a day earlier may start inside it.
      const written = google
        .instances('primary', desired.event.id, undefined, new Date(WINDOW.to.getTime() + 2 * DAY))
        .filter((instance) => instance.status !== 'cancelled')
        .map((instance) => ({
          start: new Date(instance.start.dateTime),
          end: new Date(instance.end.dateTime),
        }))
        .filter((instance) => instance.start >= WINDOW.from && instance.start < WINDOW.to)
        .sort((a, b) => a.start.getTime() - b.start.getTime());

      const label = { rule: swept.rrule, zone: swept.timeZone, startWall: series.startLocal, policy };
      expect({ ...label, instances: iso(written) }).toEqual({ ...label, instances: iso(expected) });
      instances += expected.length;
    }
    process.stdout.write(
      `series on Google: ${sweep.length} series, ${instances} occurrences, ${policies.size} policy mixes\n`,
    );
    expect(policies.size).toBe(12);
    expect(instances).toBeGreaterThan(10_000);
  });
});
