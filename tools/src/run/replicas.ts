/** The most replicas `npm start` runs of each app: enough to show scaling on one machine. */
export const MAX_REPLICAS = 8;

/** `--replicas N` (or `--replicas=N`) from npm start's arguments; 1 without it. Anything else is refused. */
export function replicasOf(args: string[]): number {
  let value: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if (arg === '--replicas') value = args[(index += 1)] ?? '';
    else if (arg.startsWith('--replicas=')) value = arg.slice('--replicas='.length);
    else throw new Error(`Unknown argument "${arg}": npm start takes only --replicas N.`);
  }
  if (value === undefined) return 1;
  const replicas = Number(value);
  if (!/^\d+$/.test(value) || replicas < 1 || replicas > MAX_REPLICAS) {
    throw new Error(`--replicas must be a whole number from 1 to ${MAX_REPLICAS}, not "${value}".`);
  }
  return replicas;
}
