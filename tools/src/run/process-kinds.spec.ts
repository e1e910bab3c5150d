import { describe, expect, it } from 'vitest';
import { processKind } from './process-kinds';

describe('processKind', () => {
  it('names our apps by the folder they run from', () => {
    expect(processKind('/usr/bin/node /repo/gateway/dist/main.js', 'node')).toBe('app gateway');
    expect(processKind('/usr/bin/node /repo/services/library/dist/main.js', 'node')).toBe('app library');
    expect(processKind('node /repo/services/auth/dist/migrate.js', 'node')).toBe('migrations');
  });

  it('tells Chromium’s processes apart by type', () => {
    const shell = '/usr/lib/chromium/chromium-headless-shell';
    expect(processKind(`${shell} --type=renderer --headless=old`, 'chromium-headle')).toBe(
      'chromium renderer',
    );
    expect(processKind(`${shell} --type=gpu-process --no-sandbox`, 'chromium-headle')).toBe('chromium gpu');
    expect(processKind(`${shell} --disable-gpu --remote-debugging-pipe`, 'chromium-headle')).toBe(
      'chromium browser',
    );
    expect(processKind('', 'chromium-headle')).toBe('chromium (type unknown)');
  });

  it('names the runners and checkers, a vitest worker apart from its vitest', () => {
    expect(processKind('node /repo/node_modules/.bin/vitest run -c vitest.unit.mjs', 'node')).toBe('vitest');
    expect(
      processKind('/usr/bin/node --conditions node /repo/node_modules/vitest/dist/workers/forks.js', 'node'),
    ).toBe('vitest worker');
    expect(processKind('node /repo/node_modules/.bin/prettier --check .', 'node')).toBe('prettier');
    expect(processKind('node /repo/node_modules/nx/bin/run-executor.js', 'node')).toBe('nx');
    expect(processKind('/repo/node_modules/@typescript/typescript-linux-x64/lib/tsc -p x', 'tsc')).toBe(
      'tsc',
    );
    expect(processKind('npm run -s lint', 'npm')).toBe('npm');
    expect(processKind('node /usr/bin/npm test', 'node')).toBe('npm');
  });

  it('names the servers by their command and anything else by its own', () => {
    expect(processKind('postgres: plt_x library 127.0.0.1(5432) idle', 'postgres')).toBe('postgres');
    expect(processKind('/usr/bin/nats-server -c /tmp/x.conf', 'nats-server')).toBe('nats-server');
    expect(processKind('node -e 1', 'node')).toBe('node (other)');
    expect(processKind('/usr/bin/dpkg --unpack x.deb', 'dpkg')).toBe('other: dpkg');
  });
});
