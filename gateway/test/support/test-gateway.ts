import type { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createLogger } from '@promptlib/platform';
import { connect } from 'nats';
import { removeEventStreams } from '@promptlib/platform/testing';
import Redis from 'ioredis';
import { createGatewayApp } from '../../src/bootstrap';
import { loadGatewayConfig, type GatewayConfig } from '../../src/config/gateway-config';

/** A namespace of this test file's own under the run's namespace, so its responders meet no one else's. */
export function testNamespace(suffix: string): string {
  return `${process.env.APP_NAMESPACE ?? 'plt_local'}_${suffix}`;
}

export function testConfig(namespace: string, overrides: Record<string, string> = {}): GatewayConfig {
  return loadGatewayConfig({
    NATS_URL: process.env.NATS_URL,
    REDIS_URL: process.env.REDIS_URL,
    NODE_ENV: 'test',
    APP_NAMESPACE: namespace,
    LOG_LEVEL: 'silent',
    PORT: '8080',
    HEALTH_PORT: '0',
    ...overrides,
  });
}

export async function createTestGateway(
  config: GatewayConfig,
  features: Type[] = [],
): Promise<NestFastifyApplication> {
  return createGatewayApp(config, createLogger('gateway-test', 'silent'), features);
}

/** Removes what a namespace left in NATS and Redis: its streams and its keys. */
export async function removeNamespaceData(config: GatewayConfig): Promise<void> {
  const nats = await connect({ servers: config.NATS_URL });
  try {
    await removeEventStreams(nats, config.APP_NAMESPACE);
  } finally {
    await nats.close();
  }
  const redis = new Redis(config.REDIS_URL);
  try {
    const keys = await redis.keys(`${config.APP_NAMESPACE}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
