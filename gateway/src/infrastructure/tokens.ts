/** Injection tokens for the gateway's connections, named for what they are. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const REDIS = Symbol('REDIS');
export const METRICS = Symbol('METRICS');
