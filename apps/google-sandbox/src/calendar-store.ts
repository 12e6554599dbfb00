import { randomUUID } from 'node:crypto';
import { DateTime, IANAZone } from 'luxon';
import { rrulestr } from 'rrule';

/** Calendar API v3's error: an HTTP status, a reason and a message, as Google words them. */
export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }

  toJSON() {
    return {
      error: {
        code: this.status,
        message: this.message,
        errors: [{ domain: 'global', reason: this.reason, message: this.message }],
      },
    };
  }
}

export interface EventTime {
  dateTime: string;
  timeZone?: string;
}

/** The fields of an event the stand-in keeps; what Google adds (etag, updated…) is computed. */
export interface StoredEvent {
  id: string;
  status: 'confirmed' | 'tentative' | 'cancelled';
  summary?: string;
  description?: string;
  start: EventTime;
  end: EventTime;
  recurrence?: string[];
  extendedProperties?: { private?: Record<string, string>; shared?: Record<string, string> };
  sequence: number;
  created: string;
  updated: string;
  revision: number;
  /** Per-occurrence changes of a recurring event, by the occurrence's original start (UTC ISO). */
  exceptions: Map<string, InstanceOverride>;
}

export type EventInput = Partial<
  Pick<
    StoredEvent,
    'id' | 'status' | 'summary' | 'description' | 'start' | 'end' | 'recurrence' | 'extendedProperties'
  >
>;

/** Google's event ids: base32hex, lower case, 5 to 1024 characters. */
const EVENT_ID = /^[a-v0-9]{5,1024}$/;
/** An instance of a recurring event: `<eventId>_<original start, basic UTC>`. */
const INSTANCE_ID = /^([a-v0-9]{5,1024})_(\d{8}T\d{6}Z)$/;
/** How far a recurring event is expanded: 2,500 instances or a century, whichever comes first. */
const MAX_INSTANCES = 2500;
const DAY_MS = 86_400_000;
const HORIZON_MS = 100 * 366 * DAY_MS;

const invalid = (message: string) => new GoogleApiError(400, 'invalid', message);

/** Every calendar's events, in memory; the rules are those Google applies to the same requests. */
export class CalendarStore {
  private readonly calendars = new Map<string, Map<string, StoredEvent>>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  eventsOf(calendarId: string): StoredEvent[] {
    return [...(this.calendars.get(calendarId)?.values() ?? [])];
  }

  calendarIds(): string[] {
    return [...this.calendars.keys()];
  }

  insert(calendarId: string, input: EventInput): StoredEvent {
    const events = this.calendar(calendarId);
    const id = input.id ?? randomUUID().replace(/-/g, '');
    if (!EVENT_ID.test(id)) throw invalid('Invalid resource id value.');
    if (events.has(id))
      throw new GoogleApiError(409, 'duplicate', 'The requested identifier already exists.');
    const at = this.now().toISOString();
    const event: StoredEvent = {
      id,
      status: input.status ?? 'confirmed',
      start: input.start!,
      end: input.end!,
      sequence: 0,
      created: at,
      updated: at,
      revision: 1,
      exceptions: new Map(),
      ...definedFields(input),
    };
    validate(event);
    events.set(id, event);
    return event;
  }

  get(calendarId: string, eventId: string): StoredEvent | ReturnType<CalendarStore['instance']> {
    const instance = INSTANCE_ID.exec(eventId);
    if (instance) return this.instance(calendarId, instance[1]!, basicToIso(instance[2]!));
    return this.find(calendarId, eventId);
  }

  /** A patch merges the given fields; `ifMatch` is the etag the caller last saw. */
  patch(calendarId: string, eventId: string, input: EventInput, ifMatch?: string): StoredEvent {
    const instance = INSTANCE_ID.exec(eventId);
    if (instance) return this.patchInstance(calendarId, instance[1]!, basicToIso(instance[2]!), input);
    const event = this.find(calendarId, eventId);
    if (ifMatch !== undefined && ifMatch !== etagOf(event))
      throw new GoogleApiError(412, 'conditionNotMet', 'Precondition Failed');
    const next: StoredEvent = { ...event, ...definedFields(input), id: event.id };
    validate(next);
    Object.assign(event, next, {
      revision: event.revision + 1,
      sequence: event.sequence + 1,
      updated: this.now().toISOString(),
    });
    return event;
  }

  /** Google keeps a deleted event as cancelled; deleting it again is 410. */
  delete(calendarId: string, eventId: string): void {
    const instance = INSTANCE_ID.exec(eventId);
    if (instance) {
      this.patchInstance(calendarId, instance[1]!, basicToIso(instance[2]!), { status: 'cancelled' });
      return;
    }
    const event = this.find(calendarId, eventId);
    if (event.status === 'cancelled') throw new GoogleApiError(410, 'deleted', 'Resource has been deleted');
    this.patch(calendarId, eventId, { status: 'cancelled' });
  }

  /** The occurrences of a recurring event that start in [timeMin, timeMax), exceptions applied. */
  instances(calendarId: string, eventId: string, timeMin?: Date, timeMax?: Date) {
    const event = this.find(calendarId, eventId);
    if (!event.recurrence) return [];
    return occurrenceStarts(event, timeMin, timeMax).map((start) => this.instanceAt(event, start));
  }

  private instance(calendarId: string, eventId: string, originalStart: string) {
    const event = this.find(calendarId, eventId);
    const start = expansionOf(event, new Date(originalStart)).byStart.get(originalStart);
    if (!start) throw new GoogleApiError(404, 'notFound', 'Not Found');
    return this.instanceAt(event, start);
  }

  private instanceAt(event: StoredEvent, originalStart: Date) {
    const zone = event.start.timeZone!;
    const duration = instantOf(event.end).getTime() - instantOf(event.start).getTime();
    const key = originalStart.toISOString();
    const at = (instant: Date) => ({ dateTime: zoned(instant, zone), timeZone: zone });
    const override = event.exceptions.get(key) ?? {};
    return {
      id: `${event.id}_${isoToBasic(key)}`,
      recurringEventId: event.id,
      originalStartTime: at(originalStart),
      status: event.status === 'cancelled' ? ('cancelled' as const) : ('confirmed' as const),
      summary: event.summary,
      start: at(originalStart),
      end: at(new Date(originalStart.getTime() + duration)),
      ...override,
    };
  }

  private patchInstance(calendarId: string, eventId: string, originalStart: string, input: EventInput) {
    const event = this.find(calendarId, eventId);
    const current = this.instance(calendarId, eventId, originalStart);
    const override = { ...event.exceptions.get(originalStart), ...pickInstanceFields(input) };
    const merged = { ...current, ...override };
    if (instantOf(merged.end) <= instantOf(merged.start)) throw invalid('The specified time range is empty.');
    event.exceptions.set(originalStart, override);
    event.revision += 1;
    event.updated = this.now().toISOString();
    return event;
  }

  private find(calendarId: string, eventId: string): StoredEvent {
    const event = this.calendars.get(calendarId)?.get(eventId);
    if (!event) throw new GoogleApiError(404, 'notFound', 'Not Found');
    return event;
  }

  private calendar(calendarId: string): Map<string, StoredEvent> {
    let events = this.calendars.get(calendarId);
    if (!events) {
      events = new Map();
      this.calendars.set(calendarId, events);
    }
    return events;
  }
}

/** What Google answers for an event: the resource with its kind and etag. */
export function eventResource(event: StoredEvent) {
  const { exceptions: _exceptions, revision: _revision, ...fields } = event;
  return { kind: 'calendar#event', etag: etagOf(event), iCalUID: `${event.id}@google.com`, ...fields };
}

export function etagOf(event: StoredEvent): string {
  return `"${event.revision}"`;
}

function definedFields<T extends object>(input: T): T {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as T;
}

/** What one occurrence of a recurring event may change: its status, times and title. */
type InstanceOverride = Partial<Pick<StoredEvent, 'status' | 'start' | 'end' | 'summary'>>;

function pickInstanceFields(input: EventInput): InstanceOverride {
  const { status, start, end, summary } = input;
  return definedFields({ status, start, end, summary });
}

/** What Google refuses in an event: no times, an unknown zone, an empty range, a bad RRULE. */
function validate(event: StoredEvent): void {
  for (const [name, time] of [
    ['start', event.start],
    ['end', event.end],
  ] as const) {
    if (!time?.dateTime) throw invalid(`Missing ${name} time.`);
    if (time.timeZone !== undefined && !DateTime.local().setZone(time.timeZone).isValid)
      throw invalid(`Invalid time zone definition for ${name} time.`);
    // Without an offset, a dateTime is a wall time in its timeZone: Google requires the zone then.
    const offset = hasOffset(time.dateTime);
    if (!offset && !time.timeZone) throw invalid(`Missing time zone definition for ${name} time.`);
    if (!(offset ? DateTime.fromISO(time.dateTime) : wallFields(time.dateTime))?.isValid)
      throw invalid(`Invalid ${name} time.`);
  }
  if (instantOf(event.end) <= instantOf(event.start)) throw invalid('The specified time range is empty.');
  if (event.recurrence) {
    if (!event.start.timeZone) throw invalid('Missing time zone definition for start time.');
    for (const line of event.recurrence) {
      if (!/^(RRULE|EXRULE|RDATE|EXDATE)[:;]/.test(line)) throw invalid('Invalid recurrence rule.');
      try {
        if (line.startsWith('RRULE')) rrulestr(line);
        else if (/^(RDATE|EXDATE)/.test(line)) datesOf(line, event.start.timeZone);
      } catch {
        throw invalid('Invalid recurrence rule.');
      }
    }
  }
}

/** Each event's expansion, kept while its start and recurrence stay as they were. */
const expansions = new WeakMap<StoredEvent, Expansion>();

interface Expansion {
  of: string;
  /** Starts after this are not expanded yet; undefined: all are. */
  through: Date | undefined;
  starts: Date[];
  /** By original start, UTC ISO: how an instance id names its occurrence. */
  byStart: Map<string, Date>;
}

/** The event's starts through `through` at least (all of them without it), expanded a year ahead at a time. */
function expansionOf(event: StoredEvent, through?: Date): Expansion {
  const of = JSON.stringify([event.start, event.recurrence]);
  let expansion = expansions.get(event);
  const covered = expansion?.of === of && (!expansion.through || (through && through <= expansion.through));
  if (!expansion || !covered) {
    const until = through && new Date(through.getTime() + 366 * DAY_MS);
    const starts = expand(event, until);
    expansion = {
      of,
      through: until,
      starts,
      byStart: new Map(starts.map((start) => [start.toISOString(), start])),
    };
    expansions.set(event, expansion);
  }
  return expansion;
}

/** A recurring event's occurrence starts in [from, to). */
function occurrenceStarts(event: StoredEvent, from?: Date, to?: Date): Date[] {
  return expansionOf(event, to).starts.filter(
    (instant) => (!from || instant >= from) && (!to || instant < to),
  );
}

/**
 * A recurring event's occurrence starts as RFC 5545 reads them: DTSTART, the RRULE over wall
 * times in the event's zone, and RDATE, less EXDATE, each wall time read as an instant in the zone.
 */
function expand(event: StoredEvent, through?: Date): Date[] {
  const zone = event.start.timeZone!;
  const lines = event.recurrence ?? [];
  const first = instantOf(event.start);
  const starts = new Map<number, Date>([[first.getTime(), first]]);
  const rule = lines.find((line) => line.startsWith('RRULE'));
  if (rule) {
    // The rule repeats DTSTART's wall time as written, even one a DST gap skips on its first day.
    const wall = hasOffset(event.start.dateTime)
      ? DateTime.fromJSDate(first, { zone })
      : wallFields(event.start.dateTime)!;
    const floating = new Date(
      Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second),
    );
    rrulestr(rule, { dtstart: floating }).all((floatingStart, index) => {
      // A floating time is within a day of the instant it names.
      if (floatingStart.getTime() - floating.getTime() > HORIZON_MS) return false;
      if (through && floatingStart.getTime() > through.getTime() + DAY_MS) return false;
      const instant = floatingInstant(floatingStart, zone);
      starts.set(instant.getTime(), instant);
      return index < MAX_INSTANCES;
    });
  }
  for (const line of lines.filter((line) => line.startsWith('RDATE')))
    for (const instant of datesOf(line, zone)) starts.set(instant.getTime(), instant);
  for (const line of lines.filter((line) => line.startsWith('EXDATE')))
    for (const instant of datesOf(line, zone)) starts.delete(instant.getTime());
  return [...starts.values()].sort((a, b) => a.getTime() - b.getTime());
}

/** An RDATE or EXDATE line's instants: `RDATE;TZID=zone:20270131T100000,…` (wall times) or UTC (`…Z`). */
function datesOf(line: string, eventZone: string): Date[] {
  const colon = line.indexOf(':');
  const zone = /;TZID=([^;:]+)/.exec(line.slice(0, colon))?.[1] ?? eventZone;
  if (!IANAZone.isValidZone(zone)) throw new Error(`unknown zone: ${zone}`);
  return line
    .slice(colon + 1)
    .split(',')
    .map((value) => {
      const fields = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/.exec(value);
      if (!fields) throw new Error(`not a date-time: ${value}`);
      const [year, month, day, hour, minute, second] = fields.slice(1, 7).map(Number);
      const floating = new Date(Date.UTC(year!, month! - 1, day, hour, minute, second));
      return fields[7] ? floating : floatingInstant(floating, zone);
    });
}

/** An event time's instant: as written where it has an offset, else its wall time read in its zone. */
function instantOf(time: EventTime): Date {
  if (hasOffset(time.dateTime)) return new Date(Date.parse(time.dateTime));
  return rfcReading(wallFields(time.dateTime)!, time.timeZone!);
}

const hasOffset = (dateTime: string) => /(?:Z|[+-]\d{2}:\d{2})$/i.test(dateTime);

function wallFields(dateTime: string) {
  const parsed = DateTime.fromISO(dateTime, { zone: 'UTC' });
  return parsed.isValid ? parsed : undefined;
}

/** A floating time's UTC fields as a wall time in the zone. */
function floatingInstant(floating: Date, zone: string): Date {
  return rfcReading(DateTime.fromJSDate(floating, { zone: 'UTC' }), zone);
}

/**
 * A wall time in a zone as RFC 5545 reads it: a repeated time the earlier instant, a skipped one
 * moved forward by the gap (luxon's own reading of a repeated time depends on today's offset).
 */
function rfcReading(wall: DateTime, zone: string): Date {
  const local = DateTime.fromObject(
    {
      year: wall.year,
      month: wall.month,
      day: wall.day,
      hour: wall.hour,
      minute: wall.minute,
      second: wall.second,
    },
    { zone },
  );
  const instant = local.toMillis();
  // Only a wall time within a day of a change can be repeated; asking luxon for both readings is slow.
  const offsets = IANAZone.create(zone);
  if (offsets.offset(instant - DAY_MS) === offsets.offset(instant + DAY_MS)) return new Date(instant);
  return new Date(Math.min(...local.getPossibleOffsets().map((candidate) => candidate.toMillis())));
}

function zoned(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISO({ suppressMilliseconds: true })!;
}

function isoToBasic(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

function basicToIso(basic: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(basic)!;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.000Z`;
}
