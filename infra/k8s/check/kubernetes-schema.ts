import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { createGenerator } from 'ts-json-schema-generator';

const TYPES_DIR = join(require.resolve('kubernetes-types/package.json'), '..');

/**
 * A strict JSON Schema validator for one kind of Kubernetes object. The schemas are generated from
 * `kubernetes-types` (itself generated from the Kubernetes OpenAPI document) with
 * `additionalProperties: false`, so a misspelt field such as `readinesProbe` fails, as
 * `kubectl apply --validate=strict` would.
 */
export function kubernetesValidator(apiVersion: string, kind: string): ValidateFunction {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['core', apiVersion];
  const path = join(TYPES_DIR, group!.replace(/\.k8s\.io$/, ''), `${version}.d.ts`);
  const schema = createGenerator({
    path,
    type: kind,
    additionalProperties: false,
    skipTypeCheck: true,
  }).createSchema(kind);
  return new Ajv({ allErrors: true, strict: false }).compile(schema);
}
