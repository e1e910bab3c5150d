// The first rule a command line meets names its kind; a process none names is known by its command.
const RULES: Array<[RegExp, (match: RegExpExecArray) => string]> = [
  [/\/(gateway|services\/\w+)\/dist\/main\.js/, (match) => `app ${match[1].replace('services/', '')}`],
  [/\/dist\/migrate\.js/, () => 'migrations'],
  [/chromium.*--type=gpu-process/, () => 'chromium gpu'],
  [/chromium.*--type=(\S+)/, (match) => `chromium ${match[1]}`],
  [/chromium/, () => 'chromium browser'],
  // Before the runners: a vitest worker's path names vitest too.
  [/vitest\/dist\/workers\//, () => 'vitest worker'],
  [/node_modules\/(?:\.bin\/)?(vitest|prettier|eslint|depcruise|nx|vite)\b/, (match) => match[1]],
  [/typescript-native|typescript-[\w-]+\/lib\/tsc/, () => 'tsc'],
  [/(^|\/)npm(-cli\.js)?( |$)/, () => 'npm'],
];

/** The servers our apps talk to, by their command names. */
export const SERVER_COMMANDS = ['postgres', 'redis-server', 'nats-server'];

/**
 * What a process of a test run is, from its command line (its arguments joined by spaces) and its
 * command name: our apps by name, Chromium's processes by type, the test runners and checkers, the
 * servers. `npm run bench:test-cpu` sums a run's CPU by these kinds.
 */
export function processKind(commandLine: string, command: string): string {
  if (SERVER_COMMANDS.includes(command)) return command;
  for (const [pattern, name] of RULES) {
    const match = pattern.exec(commandLine);
    if (match) return name(match);
  }
  // A process whose command line is gone (exiting, or rewritten) still has its command name, which
  // the kernel cuts to 15 characters: Chromium's headless shell is `chromium-headle`.
  if (command.startsWith('chromium')) return 'chromium (type unknown)';
  return command === 'node' ? 'node (other)' : `other: ${command}`;
}
