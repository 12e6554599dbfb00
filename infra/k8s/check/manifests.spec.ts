import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Deployment } from 'kubernetes-types/apps/v1';
import type { Job } from 'kubernetes-types/batch/v1';
import type { HorizontalPodAutoscaler } from 'kubernetes-types/autoscaling/v2';
import type { Ingress, NetworkPolicy } from 'kubernetes-types/networking/v1';
import { parseAllDocuments } from 'yaml';
import { kafkaAccessOf, PROVISIONED_TOPICS } from '@booking/contracts';
import { kubernetesValidator } from './kubernetes-schema';
import { type PodSpecView, restrictedViolations } from './pod-security';

/** A Strimzi KafkaUser, as far as the checks read it. */
interface KafkaUser {
  metadata: { name: string };
  spec: {
    authentication: { type: string };
    authorization: { acls: { resource: { type: string; name: string }; operations: string[] }[] };
  };
}

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: unknown;
}

const rendered: Manifest[] = parseAllDocuments(
  execFileSync('kubectl', ['kustomize', join(__dirname, '..')], { encoding: 'utf8' }),
).map((document) => document.toJSON());

const ofKind = (kind: string) => rendered.filter((manifest) => manifest.kind === kind);
const deployments = () => ofKind('Deployment') as Deployment[] as (Deployment & Manifest)[];
const containerOf = (deployment: Deployment) => deployment.spec!.template.spec!.containers[0]!;
const podSpecs = () =>
  [...deployments(), ...(ofKind('Job') as Job[] as (Job & Manifest)[])].map((manifest) => ({
    name: `${manifest.kind}/${manifest.metadata.name}`,
    pod: manifest.spec!.template.spec as PodSpecView,
  }));
const validators = new Map<string, ReturnType<typeof kubernetesValidator>>();
function validate(manifest: Manifest): string[] {
  const key = `${manifest.apiVersion} ${manifest.kind}`;
  if (!validators.has(key)) validators.set(key, kubernetesValidator(manifest.apiVersion, manifest.kind));
  const check = validators.get(key)!;
  return check(manifest)
    ? []
    : check.errors!.map((error) => `${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
}

describe('the Kubernetes manifests (kubectl kustomize infra/k8s)', () => {
  jest.setTimeout(60_000);

  it('render the whole platform: namespace, config, topics job, five services and the ingress', () => {
    expect(
      ofKind('Deployment')
        .map((manifest) => manifest.metadata.name)
        .sort(),
    ).toEqual(['api-gateway', 'booking', 'notification', 'payment', 'refund']);
    expect(ofKind('Job').map((manifest) => manifest.metadata.name)).toEqual(['kafka-topics']);
    expect(ofKind('Ingress')).toHaveLength(1);
    expect(ofKind('Secret')).toEqual([]);
  });

  it('are valid against the Kubernetes schemas, with no unknown field', () => {
    const errors = rendered.flatMap((manifest) =>
      validate(manifest).map((error) => `${manifest.kind}/${manifest.metadata.name}: ${error}`),
    );
    expect(errors).toEqual([]);
  });

  it('refuses a misspelt field, so the check above can fail', () => {
    const deployment = structuredClone(deployments()[0]!);
    const container = containerOf(deployment) as unknown as Record<string, unknown>;
    container['readinesProbe'] = container['readinessProbe'];
    delete container['readinessProbe'];
    expect(validate(deployment).join('\n')).toContain('readinesProbe');
  });

  it('pass the restricted Pod Security profile, which the namespace enforces', () => {
    const namespace = ofKind('Namespace')[0]!;
    expect(namespace.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
    const violations = podSpecs().flatMap(({ name, pod }) =>
      restrictedViolations(pod).map((violation) => `${name}: ${violation}`),
    );
    expect(violations).toEqual([]);
  });

  it('would refuse the pod the kubelet refused: runAsNonRoot with a user named in the image only', () => {
    const pod: PodSpecView = {
      containers: [
        {
          name: 'booking',
          securityContext: {
            runAsNonRoot: true,
            readOnlyRootFilesystem: true,
            allowPrivilegeEscalation: false,
          },
        },
      ],
    };
    expect(restrictedViolations(pod)).toEqual([
      'booking: no numeric non-root runAsUser',
      'booking: capabilities do not drop ALL',
      'booking: seccomp profile is undefined',
    ]);
  });

  it('name the pods a numeric user, the one the image runs as', () => {
    const dockerfile = execFileSync('grep', ['-E', '^USER ', join(__dirname, '../../../Dockerfile')], {
      encoding: 'utf8',
    });
    expect(dockerfile.trim()).toBe('USER 1000:1000');
    for (const { pod } of podSpecs())
      expect(pod.securityContext).toMatchObject({ runAsUser: 1000, runAsGroup: 1000 });
  });

  it('leave the replica count to the autoscaler', () => {
    const autoscalers = ofKind('HorizontalPodAutoscaler') as HorizontalPodAutoscaler[];
    const scaled = autoscalers.map((hpa) => hpa.spec!.scaleTargetRef.name);
    expect(scaled.sort()).toEqual(
      ofKind('Deployment')
        .map((manifest) => manifest.metadata.name)
        .sort(),
    );
    for (const deployment of deployments()) expect(deployment.spec).not.toHaveProperty('replicas');
  });

  it('probe start-up, readiness and liveness, waiting longer than the readiness checks do (2 s)', () => {
    for (const deployment of deployments()) {
      const container = containerOf(deployment);
      expect(container.startupProbe?.httpGet?.path).toBe('/health/live');
      expect(container.readinessProbe?.httpGet?.path).toBe('/health/ready');
      expect(container.readinessProbe?.timeoutSeconds).toBeGreaterThan(2);
      expect(container.livenessProbe?.httpGet?.path).toBe('/health/live');
      expect(container.args).toEqual([`dist/apps/${deployment.metadata.name}/main.js`]);
    }
  });

  it('give every service its own Secret, created outside the kustomization', () => {
    for (const deployment of deployments()) {
      const secrets = (containerOf(deployment).envFrom ?? []).flatMap((source) =>
        source.secretRef ? [source.secretRef.name] : [],
      );
      expect(secrets).toEqual([`${deployment.metadata.name}-secrets`]);
    }
  });

  it('sign each service that speaks Kafka in as its own SCRAM user over TLS, and the gateway not at all', () => {
    const [config] = ofKind('ConfigMap') as unknown as { data: Record<string, string> }[];
    expect(config!.data).toMatchObject({ KAFKA_SSL: 'true', KAFKA_SASL_MECHANISM: 'scram-sha-512' });
    const gateway = deployments().find((deployment) => deployment.metadata.name === 'api-gateway')!;
    expect((containerOf(gateway).env ?? []).map((variable) => variable.name)).not.toContain(
      'KAFKA_SASL_USERNAME',
    );
    for (const deployment of deployments().filter((each) => each !== gateway)) {
      const container = containerOf(deployment);
      const env = new Map((container.env ?? []).map((variable) => [variable.name, variable]));
      const name = deployment.metadata.name;
      expect(env.get('KAFKA_SASL_USERNAME')?.value).toBe(`${name}-service`);
      expect(env.get('KAFKA_SASL_PASSWORD')?.valueFrom?.secretKeyRef).toEqual({
        name: `${name}-service`,
        key: 'password',
      });
      expect(env.get('NODE_EXTRA_CA_CERTS')?.value).toBe('/etc/kafka-ca/ca.crt');
      expect(container.volumeMounts).toContainEqual({
        name: 'kafka-ca',
        mountPath: '/etc/kafka-ca',
        readOnly: true,
      });
    }
  });

  it('give the Kafka users the ACLs the code needs: own topics written, handled topics read', () => {
    const users = parseAllDocuments(readFileSync(join(__dirname, '../kafka/kafka-users.yaml'), 'utf8')).map(
      (document) => document.toJSON() as KafkaUser,
    );
    const allowed = (user: KafkaUser, operation: string, type = 'topic') =>
      user.spec.authorization.acls
        .filter((acl) => acl.resource.type === type && acl.operations.includes(operation))
        .map((acl) => acl.resource.name)
        .sort();
    const clients = ['booking-service', 'payment-service', 'refund-service', 'notification-service'] as const;
    expect(users.map((user) => user.metadata.name)).toEqual([...clients, 'booking-topics']);
    for (const client of clients) {
      const user = users.find((candidate) => candidate.metadata.name === client)!;
      const access = kafkaAccessOf(client);
      expect(user.spec.authentication.type).toBe('scram-sha-512');
      expect(allowed(user, 'Write')).toEqual([...access.write].sort());
      expect(allowed(user, 'Read')).toEqual([...access.read].sort());
      expect(allowed(user, 'Read', 'group')).toEqual(access.group ? [access.group] : []);
      expect(allowed(user, 'Create')).toEqual([]);
    }
    const topics = users.find((user) => user.metadata.name === 'booking-topics')!;
    expect(allowed(topics, 'Create')).toEqual([...PROVISIONED_TOPICS].sort());
    expect(allowed(topics, 'Write')).toEqual([]);
  });

  it('route only the API and its docs from outside, never /metrics', () => {
    const [ingress] = ofKind('Ingress') as Ingress[];
    const paths = ingress!.spec!.rules!.flatMap((rule) => rule.http!.paths.map((path) => path.path));
    expect(paths).toEqual(['/v1', '/docs']);
  });

  it('let Prometheus scrape every pod and only the gateway reach the services', () => {
    const policies = ofKind('NetworkPolicy') as NetworkPolicy[];
    const policy = (name: string) => policies.find((candidate) => candidate.metadata?.name === name)!.spec!;
    expect(policy('prometheus-scrapes-all').podSelector.matchLabels).toEqual({
      'app.kubernetes.io/part-of': 'booking-platform',
    });
    for (const deployment of deployments())
      expect(deployment.spec!.template.metadata?.labels?.['app.kubernetes.io/part-of']).toBe(
        'booking-platform',
      );
    expect(policy('services-from-gateway-only').ingress?.[0]?.from).toEqual([
      { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'api-gateway' } } },
    ]);
  });
});
