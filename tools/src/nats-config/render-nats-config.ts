import {
  busAccess,
  deadLetterFilter,
  durableName,
  inboxPrefix,
  STREAM_KEEPER,
  type BusAccess,
  type BusProcess,
  type ServiceName,
} from '@promptlib/proto';

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
// Everything of one consumer on any namespace's stream: made or brought to its config (by either
// API the servers have), looked up, read, deleted, and its messages acknowledged.
const consumerSubjects = (consumer: string) => [
  `$JS.API.CONSUMER.CREATE.*.${consumer}`,
  `$JS.API.CONSUMER.CREATE.*.${consumer}.>`,
  `$JS.API.CONSUMER.DURABLE.CREATE.*.${consumer}`,
  `$JS.API.CONSUMER.INFO.*.${consumer}`,
  `$JS.API.CONSUMER.MSG.NEXT.*.${consumer}`,
  `$JS.API.CONSUMER.DELETE.*.${consumer}`,
];
// A service's durable pull consumer is its own by name: no other's can it read or acknowledge.
// The events it gives up go to its own dead letters, under its own token: it can neither forge
// another service's nor read any (it has no consumer on that stream).
const consuming = (service: ServiceName) => [
  ...consumerSubjects(durableName(service)).filter((subject) => !subject.includes('.DELETE.')),
  `$JS.ACK.*.${durableName(service)}.>`,
  deadLetterFilter('*', service),
];
// Ordered consumers, read and never acknowledged: made, asked for messages, and deleted or made
// again as their readers resume. Their names are the client's own, so any name is allowed but the
// services' durables (see denied).
const READING_LIVE = [
  '$JS.API.INFO',
  '$JS.API.STREAM.INFO.*',
  '$JS.API.CONSUMER.CREATE.*',
  '$JS.API.CONSUMER.CREATE.*.>',
  '$JS.API.CONSUMER.MSG.NEXT.*.*',
  '$JS.API.CONSUMER.INFO.*.*',
  '$JS.API.CONSUMER.DELETE.*.*',
];
const SERVICE_DURABLES = (Object.keys(busAccess) as BusProcess[]).flatMap((process) =>
  busAccess[process].consumesEvents && busAccess[process].answers
    ? [durableName(busAccess[process].answers)]
    : [],
);

/** What one process may publish and subscribe to, from what proto says it does. */
export function permissionsOf(process: BusProcess, access: BusAccess = busAccess[process]) {
  const isService = access.answers !== null;
  const publish = [
    ...access.requests.map(anyNamespace),
    ...access.publishes.map(anyNamespace),
    ...(isService ? STREAM_LOOKUP : []),
    ...(access.consumesEvents && access.answers ? consuming(access.answers) : []),
    ...(access.readsEventsLive ? READING_LIVE : []),
  ];
  // A live reader may make consumers of any name but the services' durables.
  const publishDenied = access.readsEventsLive ? SERVICE_DURABLES.flatMap(consumerSubjects) : [];
  // Its own replies only: another process's inbox holds what that process asked for.
  const subscribe = [
    ...(access.answers ? [anyNamespace(`${access.answers}.>`)] : []),
    `${inboxPrefix(process)}.>`,
  ];
  // A service replies to the requests it received, and to nothing else of the inboxes.
  return { publish, publishDenied, subscribe, allowResponses: isService };
}

const list = (subjects: string[], indent: string) =>
  `[\n${subjects.map((subject) => `${indent}  "${subject}"`).join('\n')}\n${indent}]`;

/**
 * What the migrate step may do: set up the events stream, and move a durable from its earlier name
 * to its current one; nothing else.
 */
export function keeperPermissions() {
  return {
    publish: [
      ...STREAM_KEEPING,
      '$JS.API.CONSUMER.INFO.*.*',
      '$JS.API.CONSUMER.CREATE.*.*',
      '$JS.API.CONSUMER.CREATE.*.*.>',
      '$JS.API.CONSUMER.DURABLE.CREATE.*.*',
      '$JS.API.CONSUMER.DELETE.*.*',
    ],
    publishDenied: [],
    subscribe: [`${inboxPrefix(STREAM_KEEPER)}.>`],
    allowResponses: false,
  };
}

/** deploy/nats/nats-server.conf, rendered from proto's busAccess. */
export function renderNatsConfig(): string {
  const users = [
    ...(Object.keys(busAccess) as BusProcess[]).map((process) => [process, permissionsOf(process)] as const),
    [STREAM_KEEPER, keeperPermissions()] as const,
  ].map(([user, { publish, publishDenied, subscribe, allowResponses }]) => {
    return [
      `    {`,
      `      user: ${user}`,
      `      password: $${passwordVariable(user)}`,
      `      permissions: {`,
      publishDenied.length > 0
        ? `        publish: {\n          allow: ${list(publish, '          ')}\n          deny: ${list(publishDenied, '          ')}\n        }`
        : `        publish: { allow: ${list(publish, '        ')} }`,
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
