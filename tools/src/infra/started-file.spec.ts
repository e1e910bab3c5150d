import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { mergeStarted, readStartedFile, startedFilePath, writeStartedFile } from './started-file';
import type { StartedServer } from './types';

const redis: StartedServer = { kind: 'redis', port: 6380, dataDir: '/d/redis-6380', pid: 10 };
const nats: StartedServer = { kind: 'nats', port: 4223, dataDir: '/d/nats-4223', pid: 11 };

describe('started file', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'infra-started-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads nothing when there is no file, and what was written otherwise', async () => {
    expect(await readStartedFile(dir)).toEqual([]);
    await writeStartedFile(dir, [redis, nats]);
    expect(await readStartedFile(dir)).toEqual([redis, nats]);
  });

  it('rejects content that does not describe servers', async () => {
    await writeFile(startedFilePath(dir), JSON.stringify([{ kind: 'mysql', port: 1 }]));
    await expect(readStartedFile(dir)).rejects.toThrow(/does not list started servers/);
  });

  it('replaces an entry for the same kind and port when merging', () => {
    const restarted = { ...redis, pid: 99 };
    expect(mergeStarted([redis, nats], [restarted])).toEqual([nats, restarted]);
  });
});
