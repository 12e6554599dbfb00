import type { Pool } from 'pg';
import type { Registry } from 'prom-client';
import { readOutboxBacklog, type OutboxBacklog } from '@booking/outbox';
import { counterIn, gaugeIn } from './metrics';

/**
 * The outbox's backlog and the age of its oldest row, read from the table when Prometheus
 * scrapes: a relay that stalls (Kafka away, a poisoned batch) shows as a growing age. Returns
 * what counts the events the relay published by type: confirmations, expiries, refunds, … are
 * the events that say so, counted in one place.
 */
export function registerOutboxMetrics(registry: Registry, pool: Pool): (payloads: readonly string[]) => void {
  // Both gauges are collected in the same scrape: one query answers both.
  let sample: Promise<OutboxBacklog> | undefined;
  const read = () =>
    (sample ??= readOutboxBacklog(pool).finally(() => {
      sample = undefined;
    }));
  gaugeIn(registry, 'outbox_backlog', 'Outbox rows not yet published to Kafka', [], async function () {
    this.set((await read()).waiting);
  });
  gaugeIn(
    registry,
    'outbox_oldest_age_seconds',
    'Age of the oldest unpublished outbox row',
    [],
    async function () {
      this.set((await read()).oldestSeconds);
    },
  );
  const published = counterIn(
    registry,
    'events_published_total',
    'Events the outbox relay published, by type',
    ['type'],
  );
  return (payloads) => {
    for (const payload of payloads) published.inc({ type: (JSON.parse(payload) as { type: string }).type });
  };
}
