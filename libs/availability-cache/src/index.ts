export { AvailabilityCacheStore, availabilityCacheParts } from './availability-cache-store';
