/** Injection tokens of what the platform module provides to every service. */
export const PG_POOL = Symbol('PG_POOL');
export const KAFKA = Symbol('KAFKA');
export const REDIS = Symbol('REDIS');
export const CLOCK = Symbol('CLOCK');
export const LOGGER = Symbol('LOGGER');
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const OUTBOX_WRITER = Symbol('OUTBOX_WRITER');
export const TOPIC_NAMES = Symbol('TOPIC_NAMES');
/** The service's name: the audience of the gateway's tokens for it. */
export const SERVICE_NAME = Symbol('SERVICE_NAME');
