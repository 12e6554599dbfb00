/** The parts of a pod spec the restricted Pod Security profile looks at. */
export interface PodSpecView {
  hostNetwork?: boolean;
  hostPID?: boolean;
  hostIPC?: boolean;
  securityContext?: SecurityContextView;
  volumes?: Record<string, unknown>[];
  containers: ContainerView[];
  initContainers?: ContainerView[];
}

interface SecurityContextView {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  privileged?: boolean;
  allowPrivilegeEscalation?: boolean;
  capabilities?: { add?: string[]; drop?: string[] };
  seccompProfile?: { type: string };
  readOnlyRootFilesystem?: boolean;
}

interface ContainerView {
  name: string;
  securityContext?: SecurityContextView;
  ports?: { hostPort?: number }[];
}

const ALLOWED_VOLUME_SOURCES = new Set([
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'persistentVolumeClaim',
  'projected',
  'secret',
]);

/**
 * What breaks the restricted Pod Security Standard (kubernetes.io/docs/concepts/security/pod-security-standards),
 * plus the two rules of this project: a numeric user the kubelet can check, and a read-only root.
 */
export function restrictedViolations(pod: PodSpecView): string[] {
  const found: string[] = [];
  if (pod.hostNetwork || pod.hostPID || pod.hostIPC) found.push('shares a host namespace');
  for (const volume of pod.volumes ?? []) {
    const source = Object.keys(volume).find((key) => key !== 'name');
    if (!source || !ALLOWED_VOLUME_SOURCES.has(source))
      found.push(`volume ${String(volume['name'])} is ${source}`);
  }
  for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
    const own = container.securityContext ?? {};
    const effective = { ...pod.securityContext, ...own };
    const name = container.name;
    if (effective.runAsNonRoot !== true) found.push(`${name}: runAsNonRoot is not true`);
    if (typeof effective.runAsUser !== 'number' || effective.runAsUser === 0)
      found.push(`${name}: no numeric non-root runAsUser`);
    if (effective.privileged) found.push(`${name}: privileged`);
    if (own.allowPrivilegeEscalation !== false) found.push(`${name}: allowPrivilegeEscalation is not false`);
    if (!own.capabilities?.drop?.includes('ALL')) found.push(`${name}: capabilities do not drop ALL`);
    const added = (own.capabilities?.add ?? []).filter((capability) => capability !== 'NET_BIND_SERVICE');
    if (added.length > 0) found.push(`${name}: adds capabilities ${added.join(', ')}`);
    const seccomp = effective.seccompProfile?.type;
    if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost')
      found.push(`${name}: seccomp profile is ${seccomp}`);
    if (own.readOnlyRootFilesystem !== true) found.push(`${name}: root filesystem is writable`);
    if ((container.ports ?? []).some((port) => port.hostPort)) found.push(`${name}: uses a host port`);
  }
  return found;
}
