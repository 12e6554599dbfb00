// What the end-to-end suite starts in-process; other apps never import this.
export { SandboxProvider, type SandboxSettings } from './sandbox-server';
export type { DeliveryBehaviour, DeliveryRecord } from './webhook-sender';
