export { AvailabilityCacheStore, availabilityCacheParts } from './availability-cache-store';
export { PageMirror } from './page-mirror';
