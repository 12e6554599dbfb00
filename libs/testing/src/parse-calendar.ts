import ICAL from 'ical.js';

export interface ParsedCalendarEvent {
  uid: string;
  sequence: number;
  status: string | null;
  summary: string;
  description: string;
  start: Date;
  end: Date;
  /** The TZID the times are written in, or 'UTC'. */
  zone: string;
  organizer: string | null;
  attendees: string[];
  /** The instance an override or an occurrence's message names (RECURRENCE-ID), or null. */
  recurrenceId: Date | null;
}

export interface ParsedCalendar {
  method: string | null;
  /** The TZIDs the calendar defines with a VTIMEZONE. */
  timezones: string[];
  events: ParsedCalendarEvent[];
}

/**
 * An iCalendar text read by ical.js (which also writes it: `ical4jProblems` is the independent,
 * strict reader): times are turned into instants through the calendar's own VTIMEZONE definitions.
 */
export function parseCalendar(text: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const timezones = calendar.getAllSubcomponents('vtimezone').map((definition) => {
    const zone = new ICAL.Timezone(definition);
    ICAL.TimezoneService.register(zone, zone.tzid);
    return zone.tzid;
  });
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const text = (name: string) => {
      const value = component.getFirstPropertyValue(name);
      return typeof value === 'string' ? value : null;
    };
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: text('status'),
      summary: event.summary,
      description: event.description,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      zone: event.startDate.zone?.tzid ?? 'UTC',
      organizer: text('organizer'),
      attendees: component.getAllProperties('attendee').map((attendee) => String(attendee.getFirstValue())),
      recurrenceId: event.recurrenceId?.toJSDate() ?? null,
    };
  });
  const method = calendar.getFirstPropertyValue('method');
  return { method: typeof method === 'string' ? method : null, timezones, events };
}

/** The calendar's one event; fails when it has none or several. */
export function onlyEvent(calendar: ParsedCalendar): ParsedCalendarEvent {
  const [event, ...others] = calendar.events;
  if (!event || others.length > 0) throw new Error(`expected one event, found ${calendar.events.length}`);
  return event;
}

export interface ExpandedInstance {
  uid: string;
  start: Date;
  end: Date;
}

/**
 * Every instance a calendar's events have before `until`, as ical.js expands them: each recurring
 * event's RRULE from its DTSTART, less its EXDATEs, with the VEVENTs that share its UID and carry
 * a RECURRENCE-ID in place of the instances they name. In start order.
 */
export function expandCalendar(text: string, until: Date): ExpandedInstance[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const definition of calendar.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(definition);
    ICAL.TimezoneService.register(zone, zone.tzid);
  }
  const components = calendar.getAllSubcomponents('vevent');
  const instances: ExpandedInstance[] = [];
  for (const component of components.filter((one) => !one.hasProperty('recurrence-id'))) {
    const event = new ICAL.Event(component);
    if (!event.isRecurring()) {
      instances.push({ uid: event.uid, start: event.startDate.toJSDate(), end: event.endDate.toJSDate() });
      continue;
    }
    for (const exception of components.filter(
      (one) => one.hasProperty('recurrence-id') && one.getFirstPropertyValue('uid') === event.uid,
    ))
      event.relateException(exception);
    const iterator = event.iterator();
    for (let next = iterator.next(); next && next.toJSDate() < until; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      instances.push({
        uid: event.uid,
        start: details.startDate.toJSDate(),
        end: details.endDate.toJSDate(),
      });
    }
  }
  return instances.sort((a, b) => a.start.getTime() - b.start.getTime());
}
