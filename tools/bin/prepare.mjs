// Runs before any dependency is installed, so it may use nothing but Node itself.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
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

/**
 * Starts making the chart renderable in the background (tools/src/helm/prepare-renderer.ts): on a
 * new machine that installs Go's Debian packages, which is disk and network more than CPU, and
 * overlaps the build. Returns the wait for it, which prints how it went: a failure is left to the
 * chart's checks to report, which try again and say why.
 */
export function startChartRenderer() {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'promptlib-chart-renderer-'));
  const log = join(dir, 'output.log');
  // Its output goes to a file: the build's spawnSync leaves no turn to read a pipe, which would fill.
  const output = openSync(log, 'w');
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/helm/prepare-renderer.ts'], {
    cwd: join(root, 'tools'),
    stdio: ['ignore', output, output],
  });
  const ended = new Promise((resolve) => {
    child.once('error', (error) => resolve(`could not start: ${error.message}`));
    child.once('exit', (code, signal) => resolve(code === 0 ? null : `exited ${signal ?? code}`));
  });
  return async () => {
    const failure = await ended;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (failure === null) console.log(`✔ Chart renderer ready (${seconds} s after it started)`);
    else {
      console.log(readFileSync(log, 'utf8').trimEnd());
      console.log(`! Chart renderer not prepared (${failure}): the chart's checks try again`);
    }
    rmSync(dir, { recursive: true, force: true });
  };
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
