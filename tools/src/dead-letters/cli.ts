import { dropDeadLetters, readDeadLetters, replayDeadLetters, type DeadLetter } from '@promptlib/platform';
import { isServiceName, type ServiceName } from '@promptlib/proto';
import { connect, type NatsConnection } from 'nats';
import { defaultUrls, localNamespace } from '../infra/urls';

const USAGE = `Usage:
  npm run dead-letters                                 every service's dead letters
  npm run dead-letters -- list <service>               one service's
  npm run dead-letters -- replay <service> [seq…]      back into the events stream: all of the service's, or those
  npm run dead-letters -- drop <service> <seq…>        removed for good (events that must never apply)
NATS_URL and APP_NAMESPACE are read as npm start reads them; in a deployment connect as the admin
user (NATS_USER=admin, NATS_PASSWORD), through a port-forward to the NATS service.`;

type Command =
  | { name: 'list'; service?: ServiceName }
  | { name: 'replay'; service: ServiceName; sequences: number[] }
  | { name: 'drop'; service: ServiceName; sequences: number[] };

/** The command line's command, or the reason it is not one. */
export function parseCommand(args: string[]): Command | { error: string } {
  const [name = 'list', service, ...rest] = args;
  if (service !== undefined && !isServiceName(service)) return { error: `No service is called "${service}"` };
  const sequences = rest.map(Number);
  if (sequences.some((sequence) => !Number.isSafeInteger(sequence) || sequence < 1)) {
    return { error: `Sequences are whole numbers from 1: ${rest.join(' ')}` };
  }
  if (name === 'list' && rest.length === 0) return { name, service };
  if (name === 'replay' && service) return { name, service, sequences };
  if (name === 'drop' && service && sequences.length > 0) return { name, service, sequences };
  return { error: `Not a command: ${args.join(' ')}` };
}

/** One line per dead letter: where it stands, what it is, and why it was given up. */
export function describeDeadLetter(letter: DeadLetter): string {
  return [
    String(letter.sequence).padStart(6),
    letter.givenUpAt.toISOString(),
    letter.service.padEnd(7),
    letter.type,
    `event ${letter.eventId ?? '(no id)'} #${letter.eventSequence}`,
    `${letter.deliveries} deliveries`,
    `${letter.reason}: ${letter.error}`,
  ].join('  ');
}

/** The letters a command names; every sequence it names must be one of the service's. */
function chosen(letters: DeadLetter[], sequences: number[]): DeadLetter[] {
  if (sequences.length === 0) return letters;
  const missing = sequences.filter((sequence) => !letters.some((letter) => letter.sequence === sequence));
  if (missing.length > 0) throw new Error(`Not among the service's dead letters: ${missing.join(', ')}`);
  return letters.filter((letter) => sequences.includes(letter.sequence));
}

async function run(command: Command, connection: NatsConnection, namespace: string): Promise<void> {
  const letters = await readDeadLetters(connection, namespace, command.service);
  if (command.name === 'list') {
    for (const letter of letters) console.log(describeDeadLetter(letter));
    console.log(`${letters.length} dead letter${letters.length === 1 ? '' : 's'} in ${namespace}`);
    return;
  }
  const named = chosen(letters, command.sequences);
  if (command.name === 'replay') {
    await replayDeadLetters(connection, namespace, named);
    console.log(`✔ Replayed ${named.length} of ${command.service}'s dead letters in ${namespace}`);
  } else {
    await dropDeadLetters(connection, namespace, named);
    console.log(`✔ Dropped ${named.length} of ${command.service}'s dead letters in ${namespace}`);
  }
}

/** `npm run dead-letters`: answers the exit code. */
export async function runDeadLettersCommand(args: string[], env = process.env): Promise<number> {
  const command = parseCommand(args);
  if ('error' in command) {
    console.error(`${command.error}\n\n${USAGE}`);
    return 2;
  }
  const namespace = localNamespace(env);
  let connection: NatsConnection | undefined;
  try {
    connection = await connect({
      servers: (env.NATS_URL ?? defaultUrls(namespace).nats).split(','),
      user: env.NATS_USER,
      pass: env.NATS_PASSWORD,
      name: `${namespace}-dead-letters`,
    });
    await run(command, connection, namespace);
    return 0;
  } catch (error) {
    const message = (error as Error).message;
    console.error(
      /stream not found/i.test(message)
        ? `✖ ${namespace} has no dead letters' stream: the migrate step (npm start, npm run migrate, the chart's job) makes it`
        : `✖ ${message}`,
    );
    return 1;
  } finally {
    await connection?.close();
  }
}
