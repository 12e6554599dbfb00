import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { buildAsyncApiDocument, eventJsonSchema } from './asyncapi';
import { EVENT_DATA } from './event-data';
import { EVENT_EXAMPLES } from './event-examples';
import { EVENT_TOPIC, type EventType } from './events';

const TYPES = Object.keys(EVENT_TOPIC) as EventType[];

describe('the AsyncAPI document of the events', () => {
  const document = buildAsyncApiDocument();

  it('is valid AsyncAPI 3 for @asyncapi/parser, with no error and no warning', async () => {
    const diagnostics = await new Parser().validate(JSON.stringify(document));
    const findings = diagnostics.filter((diagnostic) =>
      [DiagnosticSeverity.Error, DiagnosticSeverity.Warning].includes(diagnostic.severity),
    );
    expect(findings.map((finding) => `${finding.path.join('.')}: ${finding.message}`)).toEqual([]);
  });

  it('names every event type once, on the topic the contract gives it', async () => {
    const { document: parsed } = await new Parser().parse(JSON.stringify(document));
    const byChannel = Object.fromEntries(
      parsed!
        .channels()
        .all()
        .map((channel) => [
          channel.address(),
          channel
            .messages()
            .all()
            .map((message) => message.name()),
        ]),
    );
    for (const type of TYPES) expect(byChannel[EVENT_TOPIC[type]]).toContain(type);
    expect(Object.values(byChannel).flat().sort()).toEqual([...TYPES].sort());
  });

  it.each(TYPES)('has an example of %s that its zod schema and its JSON Schema both accept', (type) => {
    expect(EVENT_DATA[type].strict().safeParse(EVENT_EXAMPLES[type]).success).toBe(true);
    const validate = addFormats(new Ajv({ allErrors: true, strict: false })).compile(eventJsonSchema(type));
    const messages = (
      document['components'] as { messages: Record<string, { examples: { payload: unknown }[] }> }
    ).messages;
    const [example] = Object.values(messages).find(
      (message) => (message as { name?: string }).name === type,
    )!.examples;
    expect(validate(example!.payload) ? [] : validate.errors).toEqual([]);
  });

  it('refuses, in JSON Schema as in zod, an event that lacks a field the contract requires', () => {
    const validate = addFormats(new Ajv({ strict: false })).compile(eventJsonSchema('booking.cancelled'));
    const { refundAmount: _, ...data } = EVENT_EXAMPLES['booking.cancelled'];
    const envelope = {
      specversion: '1.0',
      id: 'e',
      source: 'booking-service',
      type: 'booking.cancelled',
      subject: 'b',
      time: '2026-01-01T00:00:00Z',
      datacontenttype: 'application/json',
      data,
    };
    expect(validate(envelope)).toBe(false);
    expect(EVENT_DATA['booking.cancelled'].safeParse(data).success).toBe(false);
  });
});
