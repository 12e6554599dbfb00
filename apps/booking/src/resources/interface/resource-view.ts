import type { ResourceView } from '@booking/contracts';
import type { Resource } from '../domain/resource';

export function toResourceView(resource: Resource): ResourceView {
  return {
    ...resource,
    createdAt: resource.createdAt.toISOString(),
    updatedAt: resource.updatedAt.toISOString(),
  };
}
