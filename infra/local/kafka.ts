import { setTimeout as sleep } from 'node:timers/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createKafka, ensureTopics } from '@booking/kafka';
import { PROVISIONED_TOPICS } from '@booking/contracts';
import { CACHE_DIR, LOG_DIR, ROOT_DIR } from './paths';
import { forgetPid, recordPid, runningPid, stopPid } from './pid-files';
import { canConnect, freePort, hostAndPort, waitForPort } from './net';
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

/** One KRaft node, broker and controller in one process. */
export interface KafkaNode {
  id: number;
  port: number;
  controllerPort: number;
}

function writeServerProperties(dir: string, node: KafkaNode, voters: KafkaNode[], partitions = 6): string {
  const path = join(dir, 'server.properties');
  // Three copies of everything where there are three brokers, and a write needs two of them: one
  // broker may die without losing an acknowledged event or refusing a write. One broker: one copy.
  const replicas = String(Math.min(3, voters.length));
  const minInSync = String(voters.length > 1 ? 2 : 1);
  const props = {
    'process.roles': 'broker,controller',
    'node.id': String(node.id),
    'controller.quorum.voters': voters
      .map((voter) => `${voter.id}@127.0.0.1:${voter.controllerPort}`)
      .join(','),
    listeners: `PLAINTEXT://127.0.0.1:${node.port},CONTROLLER://127.0.0.1:${node.controllerPort}`,
    'advertised.listeners': `PLAINTEXT://127.0.0.1:${node.port}`,
    'controller.listener.names': 'CONTROLLER',
    'listener.security.protocol.map': 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'inter.broker.listener.name': 'PLAINTEXT',
    'log.dirs': join(dir, 'data'),
    'num.partitions': String(partitions),
    'default.replication.factor': replicas,
    'min.insync.replicas': minInSync,
    // Internal topics need as many brokers as replicas, or consumer groups never form.
    'offsets.topic.replication.factor': replicas,
    'transaction.state.log.replication.factor': replicas,
    'transaction.state.log.min.isr': minInSync,
    'group.initial.rebalance.delay.ms': '0',
    // An offset commit otherwise waits 5 ms for others to share its write, and a consumer's next
    // fetch waits for its commit: at a few hundred events/s that was most of commit-to-consumer.
    'group.coordinator.append.linger.ms': '0',
    // A local node serves a dozen clients, not thousands: the default pools are sized for a server.
    'num.network.threads': '1',
    'num.io.threads': '2',
    'background.threads': '2',
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
    // For a 2-core box shared with a dozen Node processes: under the proof's fault-free load, three
    // brokers took 77 % of a core with the defaults (G1, full JIT, pools per core), 47 % with these.
    '-XX:+UseSerialGC',
    '-XX:TieredStopAtLevel=1',
    '-XX:ActiveProcessorCount=1',
    '-Djava.awt.headless=true',
    `-Dlog4j2.configurationFile=${join(ROOT_DIR, 'infra', 'kafka', 'log4j2.properties')}`,
    '-cp',
    `${libs}/*`,
    ...args,
  ];
}

/** Formats a node's storage once, for the cluster `id` names; a formatted folder keeps its data. */
async function formatStorage(libs: string, dir: string, config: string, id: string): Promise<void> {
  if (existsSync(join(dir, 'data', 'meta.properties'))) return;
  await runCommand('java', java(libs, ['kafka.tools.StorageTool', 'format', '-t', id, '-c', config], 256));
}

function spawnBroker(
  libs: string,
  config: string,
  heapMb: number,
  logFile: string,
  detached: boolean,
): ChildProcess {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = openSync(logFile, 'a');
  const child = spawn('java', java(libs, ['kafka.Kafka', config], heapMb), {
    detached,
    stdio: ['ignore', log, log],
  });
  if (child.pid === undefined) throw new Error('java did not start');
  return child;
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
  const node = { id: 1, port: settings.port, controllerPort: settings.controllerPort };
  const config = writeServerProperties(dir, node, [node], settings.partitions);
  await formatStorage(libs, dir, config, clusterId());
  const child = spawnBroker(
    libs,
    config,
    settings.heapMb ?? 512,
    join(LOG_DIR, `${settings.name}.log`),
    true,
  );
  child.unref();
  recordPid(settings.name, child.pid!);
  try {
    await waitForPort('127.0.0.1', settings.port, 90_000, 'Kafka');
  } catch (error) {
    await stopPid(settings.name);
    throw error;
  }
}

const CLUSTER_NODE_HEAP_MB = 384;

/**
 * A KRaft cluster of several nodes on this machine, in a folder of its own, owned by this process
 * (the proof kills and restarts its brokers). Every node is broker and controller: with three, one
 * may die and the quorum, the partitions' leaders and `acks=all` writes carry on.
 */
export class LocalKafkaCluster {
  private readonly running = new Map<number, ChildProcess>();
  private libs = '';

  private constructor(
    private readonly folder: string,
    private readonly logDir: string,
    readonly nodes: KafkaNode[],
  ) {}

  /** `size` nodes on free ports, their data in `folder` and their logs in `logDir`. */
  static async create(folder: string, logDir: string, size = 3): Promise<LocalKafkaCluster> {
    const nodes: KafkaNode[] = [];
    for (let id = 1; id <= size; id += 1)
      nodes.push({ id, port: await freePort(), controllerPort: await freePort() });
    return new LocalKafkaCluster(folder, logDir, nodes);
  }

  get brokers(): string[] {
    return this.nodes.map((node) => `127.0.0.1:${node.port}`);
  }

  /** Formats every node for one cluster id, then starts them together (a quorum forms only so). */
  async start(): Promise<void> {
    this.libs = await fetchKafkaArtifacts();
    const id = clusterId();
    await Promise.all(
      this.nodes.map((node) => formatStorage(this.libs, this.nodeDir(node.id), this.configure(node), id)),
    );
    await this.startAll();
  }

  /** Starts every node of a formatted cluster, as after the whole cluster was down. */
  async startAll(): Promise<void> {
    await Promise.all(this.nodes.map((node) => this.startNode(node.id)));
  }

  async startNode(id: number): Promise<void> {
    const node = this.node(id);
    const child = spawnBroker(
      this.libs,
      join(this.nodeDir(id), 'server.properties'),
      CLUSTER_NODE_HEAP_MB,
      join(this.logDir, `kafka-${id}.log`),
      false,
    );
    this.running.set(id, child);
    await waitForPort('127.0.0.1', node.port, 120_000, `Kafka node ${id}`);
  }

  /**
   * Kills a node as a crash would: no controlled shutdown, no leadership handed over. Answers
   * whether a running node was seen to die of it (not one already gone).
   */
  async killNode(id: number): Promise<boolean> {
    const child = this.running.get(id);
    this.running.delete(id);
    if (!child || child.exitCode !== null || child.signalCode !== null) return false;
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    child.kill('SIGKILL');
    return (await exited) === 'SIGKILL';
  }

  /** Kills every node; answers whether each was running and seen to die. */
  async stop(): Promise<boolean> {
    return (await Promise.all(this.nodes.map((node) => this.killNode(node.id)))).every(Boolean);
  }

  private configure(node: KafkaNode): string {
    mkdirSync(this.nodeDir(node.id), { recursive: true });
    return writeServerProperties(this.nodeDir(node.id), node, this.nodes);
  }

  private nodeDir(id: number): string {
    return join(this.folder, `node-${id}`);
  }

  private node(id: number): KafkaNode {
    const node = this.nodes.find((candidate) => candidate.id === id);
    if (!node) throw new Error(`no Kafka node ${id}`);
    return node;
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
