// What the end-to-end suite starts in-process; other apps never import this.
export { createGatewayApp } from './gateway-app';
export { gatewayConfigSchema, type GatewayConfig } from './gateway-config';
