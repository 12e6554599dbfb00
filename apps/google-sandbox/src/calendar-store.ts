import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
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
const MAX_INSTANCES = 2500;

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
    const start = occurrenceStarts(event).find((candidate) => candidate.toISOString() === originalStart);
    if (!start) throw new GoogleApiError(404, 'notFound', 'Not Found');
    return this.instanceAt(event, start);
  }

  private instanceAt(event: StoredEvent, originalStart: Date) {
    const zone = event.start.timeZone!;
    const duration = Date.parse(event.end.dateTime) - Date.parse(event.start.dateTime);
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
    if (Date.parse(merged.end.dateTime) <= Date.parse(merged.start.dateTime))
      throw invalid('The specified time range is empty.');
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
    if (!time?.dateTime || Number.isNaN(Date.parse(time.dateTime))) throw invalid(`Missing ${name} time.`);
    if (time.timeZone !== undefined && !DateTime.local().setZone(time.timeZone).isValid)
      throw invalid(`Invalid time zone definition for ${name} time.`);
  }
  if (Date.parse(event.end.dateTime) <= Date.parse(event.start.dateTime))
    throw invalid('The specified time range is empty.');
  if (event.recurrence) {
    if (!event.start.timeZone) throw invalid('Missing time zone definition for start time.');
    for (const line of event.recurrence) {
      if (!/^(RRULE|EXRULE|RDATE|EXDATE)[:;]/.test(line)) throw invalid('Invalid recurrence rule.');
      try {
        if (line.startsWith('RRULE')) rrulestr(line);
      } catch {
        throw invalid('Invalid recurrence rule.');
      }
    }
  }
}

/**
 * A recurring event's occurrence starts: its RRULE over wall times in its zone (as RFC 5545
 * says), each then read as an instant in the zone.
 */
function occurrenceStarts(event: StoredEvent, from?: Date, to?: Date): Date[] {
  const zone = event.start.timeZone!;
  const first = DateTime.fromISO(event.start.dateTime, { zone });
  const floating = new Date(
    Date.UTC(first.year, first.month - 1, first.day, first.hour, first.minute, first.second),
  );
  const rule = (event.recurrence ?? []).find((line) => line.startsWith('RRULE'));
  if (!rule) return [];
  const starts: Date[] = [];
  rrulestr(rule, { dtstart: floating }).all((wall, index) => {
    const instant = DateTime.fromObject(
      {
        year: wall.getUTCFullYear(),
        month: wall.getUTCMonth() + 1,
        day: wall.getUTCDate(),
        hour: wall.getUTCHours(),
        minute: wall.getUTCMinutes(),
        second: wall.getUTCSeconds(),
      },
      { zone },
    ).toJSDate();
    if (to && instant >= to) return false;
    if (!from || instant >= from) starts.push(instant);
    return index < MAX_INSTANCES;
  });
  return starts;
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
