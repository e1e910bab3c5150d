/** Injection tokens for what every process shares, named for what they are. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const DATA_SOURCE = Symbol('DATA_SOURCE');
export const REDIS = Symbol('REDIS');
export const METRICS = Symbol('METRICS');
