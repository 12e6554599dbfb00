import type { CreateResourceRequest, UpdateResourceRequest } from '@booking/contracts';

/** Anything booked by the hour or the day: a car, a room, a court, a clinician. */
export interface Resource extends CreateResourceRequest {
  resourceId: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Which version of a resource's row: a new one is written by every change. */
export interface ResourceVersion {
  resourceId: string;
  version: string;
}

export function newResource(request: CreateResourceRequest, resourceId: string, now: Date): Resource {
  return { ...request, resourceId, createdAt: now, updatedAt: now };
}

export function patchResource(resource: Resource, patch: UpdateResourceRequest, now: Date): Resource {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  return {
    ...resource,
    ...defined,
    resourceId: resource.resourceId,
    createdAt: resource.createdAt,
    updatedAt: now,
  };
}
