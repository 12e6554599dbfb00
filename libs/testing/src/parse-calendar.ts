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
}

export interface ParsedCalendar {
  method: string | null;
  /** The TZIDs the calendar defines with a VTIMEZONE. */
  timezones: string[];
  events: ParsedCalendarEvent[];
}

/**
 * An iCalendar text read by ical.js, an implementation independent of the generator: times are
 * turned into instants through the calendar's own VTIMEZONE definitions.
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
