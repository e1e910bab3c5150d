import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderNatsConfig } from './render-nats-config';

/** `npm run nats:config`: rewrites deploy/nats/nats-server.conf from proto. */
export const NATS_CONFIG_PATH = path.resolve(
  __dirname,
  '..',
  '..',
  '..',
  'deploy',
  'nats',
  'nats-server.conf',
);

if (require.main === module) {
  writeFileSync(NATS_CONFIG_PATH, renderNatsConfig());
  console.log(`wrote ${NATS_CONFIG_PATH}`);
}
