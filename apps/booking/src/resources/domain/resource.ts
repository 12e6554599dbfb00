import {
  DomainError,
  type Caller,
  type CreateResourceRequest,
  type UpdateResourceRequest,
} from '@booking/contracts';

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

/** The host named as a resource's owner runs it: its calendar, its hours. */
export function isHostOf(caller: Caller, resourceOwnerId: string): boolean {
  return caller.role === 'host' && caller.userId === resourceOwnerId;
}

/** A host changes when their own resource can be booked; an admin any resource's. */
export function assertMayChangeSchedule(caller: Caller, resource: Resource): void {
  if (caller.role === 'admin' || isHostOf(caller, resource.ownerId)) return;
  throw new DomainError('forbidden', 'Only the resource’s host or an admin changes its hours.');
}
