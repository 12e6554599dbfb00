export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
export const GATEWAY_REDIS = Symbol('GATEWAY_REDIS');
