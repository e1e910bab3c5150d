// Runs before any dependency is installed, so it may use nothing but Node itself.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const MIN_NODE = [20, 19];

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < MIN_NODE[0] || (major === MIN_NODE[0] && minor < MIN_NODE[1])) {
    fail(`Node ${MIN_NODE.join('.')} or newer is needed; this is Node ${process.versions.node}.`);
  }
}

export function run(command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) fail(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0)
    fail(`${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal}).`);
  return Date.now() - started;
}

// `npm install` rather than `npm ci` even on a fresh clone: with the lock file in place it installs the
// locked tree either way, and npm 11 `ci` refuses lock files that leave out other platforms' binaries.
// The lock file names each package's exact version and checksum, so a tarball already in npm's cache
// is the one it asks for: --prefer-offline takes it from there without asking the registry whether it
// changed (a fresh clone's install, cache filled: 71 → 49 s and 105 → 67 s, measured in pairs).
export function install() {
  step('Installing dependencies', () =>
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline']),
  );
}

export function build() {
  step('Building', () => nx(['run-many', '-t', 'build']));
}

// CI proves the tree as committed: no cached result from an earlier run on the same machine counts,
// so Nx caches into an empty directory of this run's own (or the one .ci/run made for all of its
// commands). Every later step of the run, and the processes it starts (npm start's smoke test),
// inherit it and reuse what this run built.
if (process.env.CI && !process.env.NX_CACHE_DIRECTORY) {
  const runCache = mkdtempSync(join(tmpdir(), 'promptlib-nx-cache-'));
  process.env.NX_CACHE_DIRECTORY = runCache;
  process.on('exit', () => rmSync(runCache, { recursive: true, force: true }));
}

export function nx(args, options = {}) {
  return run(join(root, 'node_modules', '.bin', 'nx'), [...args, '--outputStyle=static'], {
    ...options,
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', ...options.env },
  });
}

export function step(title, action) {
  console.log(`\n▶ ${title}`);
  const ms = action();
  console.log(`✔ ${title} (${(ms / 1000).toFixed(1)} s)`);
}

export function fail(message) {
  console.error(`\n✖ ${message}`);
  process.exit(1);
}
