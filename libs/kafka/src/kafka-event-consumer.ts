import { setTimeout as sleep } from 'node:timers/promises';
import type { Consumer, Kafka } from 'kafkajs';
import { parseCloudEvent, type CloudEvent } from '@booking/contracts';
import { retryDelayMs } from '@booking/time';
import { retryTransient } from './retry-transient';

export interface ConsumedEvent {
  event: CloudEvent;
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
}

/** Must finish its effect (and the inbox row) in one committed transaction before it resolves. */
export type EventHandler = (consumed: ConsumedEvent) => Promise<void>;

export interface ConsumerSettings {
  groupId: string;
  topics: string[];
  handler: EventHandler;
  fromBeginning?: boolean;
  /** Called for a message that is not a CloudEvent: it is skipped, never retried forever. */
  onInvalid?: (problem: { topic: string; offset: string; error: unknown }) => void;
  onHandlerError?: (problem: { event: CloudEvent; attempt: number; error: unknown }) => void;
  /** After each fetched batch is handled: how far the group is behind the partition's end. */
  onBatchDone?: (progress: { topic: string; partition: number; offsetLag: number }) => void;
  /**
   * The `source` a topic's events must carry (its owning service); an event from any other is
   * skipped like an invalid one, so no producer can speak on another's topic.
   */
  ownerOf?: (topic: string) => string | undefined;
  onForeignSource?: (problem: { topic: string; offset: string; event: CloudEvent }) => void;
  maxBackoffMs?: number;
  /**
   * After this many failed attempts at one message, `deadLetter` takes it (and the partition
   * moves on) instead of retrying it forever. Without `deadLetter`, retries never end.
   */
  maxAttempts?: number;
  deadLetter?: (problem: { consumed: ConsumedEvent; attempts: number; error: unknown }) => Promise<void>;
  /**
   * Partitions whose messages are handled at the same time (each partition still one message
   * after another, so a key's events apply in order). Defaults to 4.
   */
  partitionsConsumedConcurrently?: number;
}

/**
 * A consumer group member that commits a message's offset only after its handler resolved,
 * i.e. after the handler's transaction committed. A crash before that re-delivers the message,
 * which the inbox makes harmless. A failing handler is retried with backoff on the same
 * message, so one partition never skips ahead of an event it could not apply.
 *
 * Offsets are committed once per fetched batch (kafkajs' auto-commit of resolved offsets), not
 * per message: a commit is a broker round trip, and the next fetch waits for it, so committing
 * each message made every event wait for the commits of the ones fetched with it.
 */
export class KafkaEventConsumer {
  private readonly consumer: Consumer;
  /** Aborted on stop: a retry's backoff ends at once, so that disconnecting never waits it out. */
  private readonly stopping = new AbortController();
  /** `run()`: settles once the first join succeeded or crashed (kafkajs then retries by itself). */
  private running: Promise<void> | undefined;
  private runFailure: Error | undefined;
  private hasJoined = false;

  constructor(
    kafka: Kafka,
    private readonly settings: ConsumerSettings,
  ) {
    this.consumer = kafka.consumer({
      groupId: settings.groupId,
      // A member that died without leaving holds up its group's rebalance until its session ends:
      // at kafkajs' 30 s, a restarted instance was back only after 31 s. kafkajs beats after each
      // message and each fetch (at most 5 s apart), so 10 s is only missed by a stalled process.
      sessionTimeout: 10_000,
      heartbeatInterval: 2_000,
      allowAutoTopicCreation: false,
      // A join cut short by stop() must not come back as a restarted member after the shutdown.
      retry: { restartOnFailure: () => Promise.resolve(!this.stopping.signal.aborted) },
    });
    this.consumer.on(this.consumer.events.GROUP_JOIN, () => {
      this.hasJoined = true;
    });
  }

  /** Connected, subscribed and a member of its group: fetching has begun. */
  async start(): Promise<void> {
    await this.connect();
    await this.running;
    if (this.runFailure !== undefined) throw this.runFailure;
  }

  /**
   * Connects and subscribes, then joins the group in the background. A join waits for the group
   * to rebalance (up to a session for a member that died), which an HTTP server need not wait for.
   */
  async connect(): Promise<void> {
    const { onBatchDone } = this.settings;
    if (onBatchDone)
      this.consumer.on(this.consumer.events.END_BATCH_PROCESS, ({ payload }) =>
        onBatchDone({
          topic: payload.topic,
          partition: payload.partition,
          offsetLag: Number(payload.offsetLag),
        }),
      );
    await this.consumer.connect();
    // Topics created a moment ago may not have leaders yet on a broker that has just started.
    await retryTransient(() =>
      this.consumer.subscribe({
        topics: this.settings.topics,
        fromBeginning: this.settings.fromBeginning ?? true,
      }),
    );
    const joining = this.consumer.run({
      // Resolved = handled: kafkajs resolves a message's offset only after eachMessage resolved.
      autoCommit: true,
      partitionsConsumedConcurrently: this.settings.partitionsConsumedConcurrently ?? 4,
      eachMessage: async (payload) => {
        const { topic, partition, message } = payload;
        const offset = message.offset;
        let event: CloudEvent | undefined;
        try {
          event = parseCloudEvent(message.value?.toString('utf8') ?? '');
        } catch (error) {
          this.settings.onInvalid?.({ topic, offset, error });
        }
        const owner = this.settings.ownerOf?.(topic);
        if (event && owner !== undefined && event.source !== owner) {
          this.settings.onForeignSource?.({ topic, offset, event });
          event = undefined;
        }
        if (event) {
          const consumed = { event, topic, partition, offset, key: message.key?.toString('utf8') ?? null };
          await this.handleWithRetry(consumed, {
            heartbeat: () => payload.heartbeat(),
            // Everything before the failing message is applied; its batch may never end.
            commitEarlier: () => this.consumer.commitOffsets([{ topic, partition, offset }]),
          });
        }
      },
    });
    this.running = joining.catch((error: unknown) => {
      this.runFailure = error instanceof Error ? error : new Error(String(error));
    });
  }

  /** Whether the group has assigned this member its partitions at least once. */
  get joined(): boolean {
    return this.hasJoined;
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.consumer.disconnect();
    // A join still under way fails on the closed connections, and is not restarted.
    await this.running;
  }

  private async handleWithRetry(
    consumed: ConsumedEvent,
    session: { heartbeat: () => Promise<void>; commitEarlier: () => Promise<void> },
  ): Promise<void> {
    const maxBackoff = this.settings.maxBackoffMs ?? 30_000;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.settings.handler(consumed);
        return;
      } catch (error) {
        this.settings.onHandlerError?.({ event: consumed.event, attempt, error });
        if (this.stopping.signal.aborted) throw error;
        if (attempt === 1) await session.commitEarlier();
        if (await this.deadLettered(consumed, attempt, error)) return;
        // Left unhandled and uncommitted when stopping: another instance, or the next start, takes it.
        await sleep(retryDelayMs(attempt, { baseMs: 200, maxMs: maxBackoff }, Math.random()), undefined, {
          signal: this.stopping.signal,
        });
        // kafkajs heartbeats only between messages; a long retry must keep the session alive.
        await session.heartbeat();
      }
    }
  }

  /** True once a message that failed its last attempt is on the dead-letter topic. */
  private async deadLettered(consumed: ConsumedEvent, attempts: number, error: unknown): Promise<boolean> {
    const { deadLetter, maxAttempts } = this.settings;
    if (!deadLetter || maxAttempts === undefined || attempts < maxAttempts) return false;
    try {
      await deadLetter({ consumed, attempts, error });
      return true;
    } catch (failure) {
      // The dead-letter topic is unreachable too: keep the message and retry it as before.
      this.settings.onHandlerError?.({ event: consumed.event, attempt: attempts, error: failure });
      return false;
    }
  }
}
