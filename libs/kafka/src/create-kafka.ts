import { Kafka, logLevel, type LogEntry, type SASLOptions } from 'kafkajs';
import { fixRequestQueueSpin } from './request-queue-fix';

export interface KafkaSettings {
  brokers: string[];
  clientId: string;
  /** TLS to the brokers, and SASL credentials; neither when unset (a local broker). */
  ssl?: boolean;
  sasl?: { mechanism: 'plain' | 'scram-sha-256' | 'scram-sha-512'; username: string; password: string };
  /** Where kafkajs' own warnings go; defaults to stderr as JSON lines. */
  log?: (entry: { level: string; message: string; [key: string]: unknown }) => void;
}

const LEVEL_NAMES: Record<number, string> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

const IDEMPOTENT_RETRY_WARNING = 'Limiting retries for the idempotent producer may invalidate EoS guarantees';

/** The one place a kafkajs client is made: the retry policy and logging are the same everywhere. */
export function createKafka(settings: KafkaSettings): Kafka {
  fixRequestQueueSpin();
  // kafkajs would send the empty name and fail at the first broker, far from the cause.
  if (settings.sasl && (!settings.sasl.username || !settings.sasl.password))
    throw new Error('KAFKA_SASL_MECHANISM is set: KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD are required');
  const log =
    settings.log ??
    ((entry) => process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`));
  return new Kafka({
    clientId: settings.clientId,
    brokers: settings.brokers,
    ...(settings.ssl ? { ssl: true } : {}),
    // Each mechanism of the union is one of kafkajs' SASLOptions members; TS cannot split the union.
    ...(settings.sasl ? { sasl: settings.sasl as SASLOptions } : {}),
    connectionTimeout: 3_000,
    requestTimeout: 10_000,
    retry: { initialRetryTime: 200, retries: 5, maxRetryTime: 5_000 },
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ level, label, log: entry }: LogEntry) => {
        const { message, ...rest } = entry;
        // Retries are bounded on purpose: a relay whose send gives up rolls back and sends the
        // same rows again in order, so the only cost is a duplicate, which consumers absorb.
        if (message === IDEMPOTENT_RETRY_WARNING) return;
        log({ level: LEVEL_NAMES[level] ?? label, context: 'kafkajs', message, ...rest });
      },
  });
}
