import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { InfraKind, StartedServer } from './types';

const KINDS: readonly string[] = ['postgres', 'redis', 'nats'] satisfies InfraKind[];

export function startedFilePath(dataDir: string): string {
  return path.join(dataDir, 'started.json');
}

export async function readStartedFile(dataDir: string): Promise<StartedServer[]> {
  let text: string;
  try {
    text = await readFile(startedFilePath(dataDir), 'utf8');
  } catch {
    return [];
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${startedFilePath(dataDir)} is not valid JSON; fix or delete it.`);
  }
  if (!Array.isArray(parsed) || !parsed.every(isStartedServer)) {
    throw new Error(`${startedFilePath(dataDir)} does not list started servers; fix or delete it.`);
  }
  return parsed;
}

// A server restarted on the same port replaces its old entry, whose pid is stale.
export function mergeStarted(existing: StartedServer[], added: StartedServer[]): StartedServer[] {
  const key = (server: StartedServer): string => `${server.kind}:${server.port}`;
  const addedKeys = new Set(added.map(key));
  return [...existing.filter((server) => !addedKeys.has(key(server))), ...added];
}

export async function writeStartedFile(dataDir: string, servers: StartedServer[]): Promise<void> {
  const file = startedFilePath(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(servers, null, 2)}\n`);
  await rename(temporary, file);
}

function isStartedServer(value: unknown): value is StartedServer {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const record = value as Record<string, unknown>;
  return (
    typeof record.kind === 'string' &&
    KINDS.includes(record.kind) &&
    typeof record.port === 'number' &&
    typeof record.dataDir === 'string' &&
    (record.pid === null || typeof record.pid === 'number')
  );
}
