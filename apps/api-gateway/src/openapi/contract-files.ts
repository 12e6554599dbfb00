import { buildAsyncApiDocument, EVENT_TOPIC, eventJsonSchema, type EventType } from '@booking/contracts';
import { buildOpenApiDocument } from './openapi-document';

/** The contracts other teams generate code from, as the files under docs/contracts/ hold them. */
export function contractFiles(): Record<string, string> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return {
    'openapi.json': json(buildOpenApiDocument()),
    'asyncapi.json': json(buildAsyncApiDocument()),
    ...Object.fromEntries(
      (Object.keys(EVENT_TOPIC) as EventType[]).map((type) => [
        `events/${type}.schema.json`,
        json({ $schema: 'http://json-schema.org/draft-07/schema#', ...eventJsonSchema(type) }),
      ]),
    ),
  };
}
