import { setTimeout as sleep } from 'node:timers/promises';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKafka, ensureTopics } from '@booking/kafka';
import { PROVISIONED_TOPICS } from '@booking/contracts';
import { CACHE_DIR, LOG_DIR, ROOT_DIR } from './paths';
import { forgetPid, recordPid, runningPid, stopPid } from './pid-files';
import { canConnect, hostAndPort, waitForPort } from './net';
import { runCommand } from './run-command';
import type { Started } from './started';

const KAFKA_DIR = join(CACHE_DIR, 'kafka');
const LIBS_DIR = join(KAFKA_DIR, 'libs');
const POM = join(ROOT_DIR, 'infra', 'kafka', 'pom.xml');

/** Copies the official broker jars from Maven Central into the cache, once. */
export async function fetchKafkaArtifacts(): Promise<string> {
  const present =
    existsSync(LIBS_DIR) && readdirSync(LIBS_DIR).some((file) => file.startsWith('kafka_2.13-'));
  if (present) return LIBS_DIR;
  mkdirSync(LIBS_DIR, { recursive: true });
  const args = ['-q', '-B', '-Dstyle.color=never', '-f', POM, 'dependency:copy-dependencies'];
  try {
    await runCommand('mvn', [...args, `-DoutputDirectory=${LIBS_DIR}`, '-DincludeScope=runtime'], {
      echo: true,
    });
  } catch (error) {
    throw new Error(
      `Fetching Kafka with Maven failed (Kafka needs Java 17+ and Maven: \`apt-get install maven\`): ${String(error)}`,
    );
  }
  return LIBS_DIR;
}

export interface BrokerSettings {
  /** Names the PID file and the data folder: `kafka` for the shared one, others for tests. */
  name: string;
  port: number;
  controllerPort: number;
  heapMb?: number;
  partitions?: number;
}

function writeServerProperties(dir: string, settings: BrokerSettings): string {
  const path = join(dir, 'server.properties');
  const props = {
    'process.roles': 'broker,controller',
    'node.id': '1',
    'controller.quorum.voters': `1@127.0.0.1:${settings.controllerPort}`,
    listeners: `PLAINTEXT://127.0.0.1:${settings.port},CONTROLLER://127.0.0.1:${settings.controllerPort}`,
    'advertised.listeners': `PLAINTEXT://127.0.0.1:${settings.port}`,
    'controller.listener.names': 'CONTROLLER',
    'listener.security.protocol.map': 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'inter.broker.listener.name': 'PLAINTEXT',
    'log.dirs': join(dir, 'data'),
    'num.partitions': String(settings.partitions ?? 6),
    // One broker: internal topics cannot have more replicas, or consumer groups never form.
    'offsets.topic.replication.factor': '1',
    'transaction.state.log.replication.factor': '1',
    'transaction.state.log.min.isr': '1',
    'group.initial.rebalance.delay.ms': '0',
    // An offset commit otherwise waits 5 ms for others to share its write, and a consumer's next
    // fetch waits for its commit: at a few hundred events/s that was most of commit-to-consumer.
    'group.coordinator.append.linger.ms': '0',
    'auto.create.topics.enable': 'false',
    'delete.topic.enable': 'true',
  };
  writeFileSync(
    path,
    Object.entries(props)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n') + '\n',
  );
  return path;
}

function java(libs: string, args: string[], heapMb: number): string[] {
  return [
    `-Xms${Math.min(256, heapMb)}m`,
    `-Xmx${heapMb}m`,
    '-XX:+UseG1GC',
    '-Djava.awt.headless=true',
    `-Dlog4j2.configurationFile=${join(ROOT_DIR, 'infra', 'kafka', 'log4j2.properties')}`,
    '-cp',
    `${libs}/*`,
    ...args,
  ];
}

/** Starts a single-node KRaft broker (broker + controller) detached, and waits until it takes requests. */
export async function startKafkaBroker(settings: BrokerSettings): Promise<void> {
  if (runningPid(settings.name) !== undefined) {
    await waitForPort('127.0.0.1', settings.port, 60_000, 'Kafka');
    return;
  }
  const libs = await fetchKafkaArtifacts();
  const dir = join(KAFKA_DIR, settings.name);
  mkdirSync(dir, { recursive: true });
  const config = writeServerProperties(dir, settings);
  const heapMb = settings.heapMb ?? 512;
  if (!existsSync(join(dir, 'data', 'meta.properties'))) {
    await runCommand(
      'java',
      java(libs, ['kafka.tools.StorageTool', 'format', '-t', clusterId(), '-c', config], 256),
    );
  }
  mkdirSync(LOG_DIR, { recursive: true });
  const log = openSync(join(LOG_DIR, `${settings.name}.log`), 'a');
  const child = spawn('java', java(libs, ['kafka.Kafka', config], heapMb), {
    detached: true,
    stdio: ['ignore', log, log],
  });
  child.unref();
  if (child.pid === undefined) throw new Error('java did not start');
  recordPid(settings.name, child.pid);
  try {
    await waitForPort('127.0.0.1', settings.port, 90_000, 'Kafka');
  } catch (error) {
    await stopPid(settings.name);
    throw error;
  }
}

export async function stopKafkaBroker(name: string): Promise<void> {
  await stopPid(name, 30_000);
  forgetPid(name);
}

/**
 * Kafka wants a base64url UUID of 16 bytes as the cluster id. One in 64 starts with '-', which the
 * storage tool's parser reads as an option (`--cluster-id: expected one argument`); Kafka's own
 * Uuid.randomUuid() draws again in that case, and so does this.
 */
export function clusterId(): string {
  for (;;) {
    const id = Buffer.from(randomUUID().replace(/-/g, ''), 'hex').toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

/**
 * Reuses the broker at KAFKA_BROKERS when it answers; otherwise starts one on that local port.
 * Either way the public topics exist afterwards.
 */
export async function ensureKafka(brokers: string[], topicPrefix = ''): Promise<Started> {
  const first = brokers[0] ?? '127.0.0.1:9092';
  const { host, port } = hostAndPort(first, 9092);
  let started = false;
  if (!(await canConnect(host, port))) {
    if (!['127.0.0.1', 'localhost'].includes(host)) {
      throw new Error(`Kafka at ${first} does not answer, and only a local one can be started here`);
    }
    await startKafkaBroker({ name: 'kafka', port, controllerPort: port + 1 });
    started = true;
  }
  const kafka = createKafka({ brokers, clientId: 'infra-local', log: () => undefined });
  await retry(
    () =>
      ensureTopics(
        kafka,
        PROVISIONED_TOPICS.map((topic) => `${topicPrefix}${topic}`),
      ),
    30_000,
  );
  return { name: 'kafka', started, address: brokers.join(',') };
}

async function retry(work: () => Promise<void>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await work();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(500);
    }
  }
}
