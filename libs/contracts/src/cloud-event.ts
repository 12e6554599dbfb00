/** CloudEvents 1.0, structured JSON mode: the value of every message on every topic. */
export interface CloudEvent<TType extends string = string, TData = unknown> {
  specversion: '1.0';
  id: string;
  source: string;
  type: TType;
  /** Always the bookingId: the message key, so one booking's events stay in order. */
  subject: string;
  time: string;
  datacontenttype: 'application/json';
  data: TData;
}

export interface NewEvent<TType extends string = string, TData = unknown> {
  type: TType;
  subject: string;
  data: TData;
}

export function toCloudEvent<TType extends string, TData>(
  event: NewEvent<TType, TData>,
  meta: { id: string; source: string; time: Date },
): CloudEvent<TType, TData> {
  return {
    specversion: '1.0',
    id: meta.id,
    source: meta.source,
    type: event.type,
    subject: event.subject,
    time: meta.time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    datacontenttype: 'application/json',
    data: event.data,
  };
}

/** Parses a message value; anything that is not a CloudEvent 1.0 envelope is rejected by name. */
export function parseCloudEvent(value: string): CloudEvent {
  const parsed: unknown = JSON.parse(value);
  if (!isRecord(parsed) || parsed['specversion'] !== '1.0') {
    throw new Error('not a CloudEvents 1.0 envelope');
  }
  for (const field of ['id', 'source', 'type', 'subject', 'time'] as const) {
    if (typeof parsed[field] !== 'string' || parsed[field] === '') {
      throw new Error(`CloudEvent without ${field}`);
    }
  }
  return parsed as unknown as CloudEvent;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
