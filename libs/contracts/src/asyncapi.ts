import { z } from 'zod';
import { EVENT_DATA } from './event-data';
import { EVENT_EXAMPLES } from './event-examples';
import { EVENT_SOURCES, EVENT_TOPIC, type EventType } from './events';
import { TOPICS, topicKeyOf, type TopicKey } from './topics';

export const CLOUDEVENTS_CONTENT_TYPE = 'application/cloudevents+json; charset=UTF-8';
const KAFKA_BINDING = '0.5.0';

type JsonSchema = Record<string, unknown>;

/** The JSON Schema (draft 7, which AsyncAPI schemas extend) of one event type's `data`. */
export function eventDataJsonSchema(type: EventType): JsonSchema {
  // Input mode: no `additionalProperties: false`, since adding a field is a compatible change.
  const { $schema: _, ...schema } = z.toJSONSchema(EVENT_DATA[type], { io: 'input', target: 'draft-7' });
  return schema;
}

/** The CloudEvents 1.0 structured-mode envelope of one event type, its `data` included. */
export function eventJsonSchema(type: EventType): JsonSchema {
  const topic = EVENT_TOPIC[type];
  const source = EVENT_SOURCES[topicKeyOf(TOPICS, topic)!];
  return {
    $id: `https://booking-platform.dev/schemas/events/${type}.json`,
    title: type,
    type: 'object',
    required: ['specversion', 'id', 'source', 'type', 'subject', 'time', 'datacontenttype', 'data'],
    properties: {
      specversion: { const: '1.0' },
      id: { type: 'string', minLength: 1, description: 'Unique per event; a re-delivery keeps it.' },
      source: { const: source },
      type: { const: type },
      subject: {
        type: 'string',
        minLength: 1,
        description: type.startsWith('series.')
          ? 'The seriesId, also the message key.'
          : 'The bookingId, also the message key.',
      },
      time: { type: 'string', format: 'date-time' },
      datacontenttype: { const: 'application/json' },
      data: eventDataJsonSchema(type),
    },
  };
}

const EVENT_TYPES = Object.keys(EVENT_TOPIC) as EventType[];

/** An example envelope for `type`, as a consumer would read it off the topic. */
function exampleEnvelope(type: EventType): JsonSchema {
  const data = EVENT_EXAMPLES[type] as { bookingId?: string; seriesId?: string };
  return {
    specversion: '1.0',
    id: '5d0c2b5e-7a61-4b8e-9c1f-3e2a6d4b8f90',
    source: EVENT_SOURCES[topicKeyOf(TOPICS, EVENT_TOPIC[type])!],
    type,
    subject: data.bookingId ?? data.seriesId,
    time: '2026-03-20T10:07:13Z',
    datacontenttype: 'application/json',
    data,
  };
}

const messageId = (type: EventType) => type.replace('.', '_');

/**
 * The AsyncAPI 3 document of every topic the platform publishes: built from the same zod schemas
 * that producers are checked against and consumers parse with.
 */
export function buildAsyncApiDocument(): JsonSchema {
  const messages = Object.fromEntries(
    EVENT_TYPES.map((type) => {
      const example = exampleEnvelope(type);
      return [
        messageId(type),
        {
          name: type,
          title: type,
          summary: `${type} on ${EVENT_TOPIC[type]}`,
          contentType: 'application/cloudevents+json',
          headers: {
            type: 'object',
            required: ['content-type'],
            properties: { 'content-type': { const: CLOUDEVENTS_CONTENT_TYPE } },
          },
          payload: eventJsonSchema(type),
          bindings: {
            kafka: {
              key: { type: 'string', description: 'Equal to the envelope subject.' },
              bindingVersion: KAFKA_BINDING,
            },
          },
          examples: [
            {
              name: messageId(type),
              headers: { 'content-type': CLOUDEVENTS_CONTENT_TYPE },
              payload: example,
            },
          ],
        },
      ];
    }),
  );
  const topicKeys = Object.keys(TOPICS) as TopicKey[];
  const typesOn = (key: TopicKey) => EVENT_TYPES.filter((type) => EVENT_TOPIC[type] === TOPICS[key]);
  const channels = Object.fromEntries(
    topicKeys.map((key) => [
      key,
      {
        address: TOPICS[key],
        title: TOPICS[key],
        description:
          key === 'series'
            ? 'Series events, keyed by seriesId: an occurrence that could not be held has no booking.'
            : 'Keyed by bookingId, so one booking\u2019s events stay in order.',
        messages: Object.fromEntries(
          typesOn(key).map((type) => [messageId(type), { $ref: `#/components/messages/${messageId(type)}` }]),
        ),
        bindings: { kafka: { topic: TOPICS[key], partitions: 6, bindingVersion: KAFKA_BINDING } },
      },
    ]),
  );
  const operations = Object.fromEntries(
    topicKeys.map((key) => [
      `publish_${key}`,
      {
        action: 'send',
        title: `${EVENT_SOURCES[key]} publishes on ${TOPICS[key]}`,
        channel: { $ref: `#/channels/${key}` },
        messages: typesOn(key).map((type) => ({ $ref: `#/channels/${key}/messages/${messageId(type)}` })),
      },
    ]),
  );
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Booking platform events',
      version: '1.0.0',
      description:
        'Every event is a CloudEvents 1.0 envelope in structured mode (JSON), written to its ' +
        "service's outbox in the transaction of the change it reports and delivered at least once: " +
        'consumers are idempotent by event id. Adding a field is compatible; removing or renaming one ' +
        'needs a new topic version.',
      license: { name: 'Apache-2.0' },
    },
    defaultContentType: 'application/cloudevents+json',
    servers: {
      cluster: {
        host: 'kafka-bootstrap.kafka.svc:9092',
        protocol: 'kafka',
        description: 'The brokers named by KAFKA_BROKERS.',
      },
    },
    channels,
    operations,
    components: { messages },
  };
}
