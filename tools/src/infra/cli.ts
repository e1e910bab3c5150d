import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { provisionInfra, stopServers } from './bootstrap';
import { defaultDataDir } from './data-dir';
import { errorMessage } from './errors';
import { mergeStarted, readStartedFile, writeStartedFile } from './started-file';
import { localNamespace } from './urls';

const USAGE = 'usage: cli.js up [--namespace NS] [--data-dir DIR] [--json] | cli.js stop [--data-dir DIR]';

// Progress goes to stderr so stdout carries only the result (URL lines or JSON) for scripts to read.
const log = (line: string): void => {
  process.stderr.write(`[infra] ${line}\n`);
};

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      namespace: { type: 'string' },
      'data-dir': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const dataDir = path.resolve(
    values['data-dir'] ??
      defaultDataDir({
        uid: typeof process.getuid === 'function' ? process.getuid() : null,
        env: process.env,
        homedir: os.homedir(),
      }),
  );
  const [command, ...extra] = positionals;
  if (extra.length > 0) {
    throw new Error(`unexpected argument "${extra[0]}"; ${USAGE}`);
  }
  if (command === 'up') {
    await up(values.namespace ?? localNamespace(), dataDir, values.json);
  } else if (command === 'stop') {
    await stop(dataDir);
  } else {
    throw new Error(command === undefined ? USAGE : `unknown command "${command}"; ${USAGE}`);
  }
}

async function up(namespace: string, dataDir: string, json: boolean): Promise<void> {
  const infra = await provisionInfra({
    namespace,
    dataDir,
    env: {
      DATABASE_URL: process.env.DATABASE_URL,
      REDIS_URL: process.env.REDIS_URL,
      NATS_URL: process.env.NATS_URL,
    },
    log,
  });
  if (infra.started.length > 0) {
    await writeStartedFile(dataDir, mergeStarted(await readStartedFile(dataDir), infra.started));
  }
  if (json) {
    process.stdout.write(`${JSON.stringify(infra, null, 2)}\n`);
    return;
  }
  process.stdout.write(
    `DATABASE_URL=${infra.databaseUrl}\nREDIS_URL=${infra.redisUrl}\nNATS_URL=${infra.natsUrl}\n`,
  );
}

async function stop(dataDir: string): Promise<void> {
  const started = await readStartedFile(dataDir);
  if (started.length === 0) {
    log(`nothing to stop (no servers listed in ${dataDir})`);
    return;
  }
  await stopServers(started, log);
  await writeStartedFile(dataDir, []);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`[infra] error: ${errorMessage(error)}\n`);
  process.exitCode = 1;
});
