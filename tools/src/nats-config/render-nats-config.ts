import { busAccess, inboxPrefix, STREAM_KEEPER, type BusAccess, type BusProcess } from '@promptlib/proto';

/** The user of operators' tools: full access, for the nats CLI and for a developer's own tests. */
export const ADMIN_USER = 'admin';

/** The environment variable a NATS server reads a user's password from. */
export function passwordVariable(user: string): string {
  return `NATS_${user.toUpperCase()}_PASSWORD`;
}

// Every subject starts with the installation's namespace: one token, matched by `*`.
const anyNamespace = (subject: string) => `*.${subject}`;

// A service checks the events stream at boot and reads its fill for the metrics; only the
// stream's keeper (the migrate step) creates or changes it.
const STREAM_LOOKUP = ['$JS.API.INFO', '$JS.API.STREAM.INFO.*'];
const STREAM_KEEPING = [...STREAM_LOOKUP, '$JS.API.STREAM.CREATE.*', '$JS.API.STREAM.UPDATE.*'];
// A durable pull consumer: created, read and acknowledged through these.
const CONSUMING = ['$JS.API.CONSUMER.>', '$JS.ACK.>'];
// An ordered consumer, read and never acknowledged: made (by either API the servers have), asked
// for messages, and deleted or made again as its reader resumes.
const READING_LIVE = [
  '$JS.API.INFO',
  '$JS.API.STREAM.INFO.*',
  '$JS.API.CONSUMER.CREATE.*',
  '$JS.API.CONSUMER.CREATE.*.>',
  '$JS.API.CONSUMER.MSG.NEXT.*.*',
  '$JS.API.CONSUMER.INFO.*.*',
  '$JS.API.CONSUMER.DELETE.*.*',
];

/** What one process may publish and subscribe to, from what proto says it does. */
export function permissionsOf(process: BusProcess, access: BusAccess = busAccess[process]) {
  const isService = access.answers !== null;
  const publish = [
    ...access.requests.map(anyNamespace),
    ...access.publishes.map(anyNamespace),
    ...(isService ? STREAM_LOOKUP : []),
    ...(access.consumesEvents ? CONSUMING : []),
    ...(access.readsEventsLive ? READING_LIVE : []),
  ];
  // Its own replies only: another process's inbox holds what that process asked for.
  const subscribe = [
    ...(access.answers ? [anyNamespace(`${access.answers}.>`)] : []),
    `${inboxPrefix(process)}.>`,
  ];
  // A service replies to the requests it received, and to nothing else of the inboxes.
  return { publish, subscribe, allowResponses: isService };
}

const list = (subjects: string[], indent: string) =>
  `[\n${subjects.map((subject) => `${indent}  "${subject}"`).join('\n')}\n${indent}]`;

/** What the migrate step may do: set up the events stream, nothing else. */
export function keeperPermissions() {
  return { publish: STREAM_KEEPING, subscribe: [`${inboxPrefix(STREAM_KEEPER)}.>`], allowResponses: false };
}

/** deploy/nats/nats-server.conf, rendered from proto's busAccess. */
export function renderNatsConfig(): string {
  const users = [
    ...(Object.keys(busAccess) as BusProcess[]).map((process) => [process, permissionsOf(process)] as const),
    [STREAM_KEEPER, keeperPermissions()] as const,
  ].map(([user, { publish, subscribe, allowResponses }]) => {
    return [
      `    {`,
      `      user: ${user}`,
      `      password: $${passwordVariable(user)}`,
      `      permissions: {`,
      `        publish: { allow: ${list(publish, '        ')} }`,
      `        subscribe: { allow: ${list(subscribe, '        ')} }`,
      ...(allowResponses ? [`        allow_responses: true`] : []),
      `      }`,
      `    }`,
    ].join('\n');
  });
  return `# Prompt Library's NATS server: every process is its own user with only what it needs.
# Rendered from proto's busAccess by \`npm run nats:config\`; a test fails when the two differ.
# No secrets here: each password comes from the server's environment (NATS_<USER>_PASSWORD),
# which nats-server parses like a config value: start each with a letter.
# Subjects begin with the installation's namespace, matched by \`*\`, so one server can hold several.

authorization {
  users = [
${users.join('\n')}
    # Operators' tools (the nats CLI): everything.
    { user: ${ADMIN_USER}, password: $${passwordVariable(ADMIN_USER)} }
  ]
}

jetstream {}
`;
}
