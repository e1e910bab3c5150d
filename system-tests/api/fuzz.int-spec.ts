import {
  MAX_BODY_BYTES,
  type Category,
  type Prompt,
  type RegisteredUserResponse,
  type SharedLink,
  type ShareLink,
} from '@promptlib/proto';
import { startGoogleSandbox, type GoogleIdentity, type RunningGoogleSandbox } from '@promptlib/sandboxes';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { gunzipSync, inflateSync } from 'node:zlib';
import { request as sendRequest, type Dispatcher } from 'undici';
import { ApiClient, STRONG_PASSWORD, uniqueUsername } from '../support/api-client';
import { createPrompt, generalCategoryOf, type LibraryUser } from '../support/library-api';
import { shortKeepAliveAgent } from '../support/short-keep-alive';
import { startStack, type Gateway, type Stack } from '../support/stack';

const CLIENT_ID = 'promptlib-fuzz-client';
// __Host- prefixed when the cookie is Secure, as it is not over the stack's plain http.
const SESSION_COOKIE = /^(__Host-)?promptlib\.sid=/;
// High enough that generated requests reach validation and the services rather than a 429.
const GENEROUS = '100000/1m';
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
// FUZZ_CONTINUE=1 goes on past a server error and lists every one at the end, rather than
// stopping at the first: for a list of everything to fix at once.
const CONTINUE = process.env.FUZZ_CONTINUE === '1';
const MAX_REQUESTS_PER_RUN = 5;
// The headers fetch adds to every request, sent as it sends them: the fuzz calls undici's request,
// which adds none. fetch cost the test's process 0.4–0.9 ms of CPU more per request (its streams,
// Headers and Response objects), over 12,000 requests a run.
const FETCH_HEADERS: Record<string, string> = {
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
  'accept-encoding': 'gzip, deflate',
};

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxItems?: number;
  enum?: unknown[];
};
/** A documented route: its JSON body's schema, and its query string's names with their schemas. */
type Operation = {
  method: string;
  path: string;
  body: JsonSchema | undefined;
  query: Record<string, JsonSchema>;
};

/** Ids that exist only once the stack runs: picked by index from pools filled before and during the fuzz. */
type PoolName =
  | 'ownPrompt'
  | 'ownCategory'
  | 'ownShare'
  | 'ownSession'
  | 'ownUser'
  | 'ownCursor'
  | 'victimPrompt'
  | 'victimCategory'
  | 'victimShare'
  | 'victimSession'
  | 'victimUser';
class Ref {
  constructor(
    readonly pool: PoolName,
    readonly pick: number,
    readonly asString = false,
  ) {}
}
/** An ID token the Google sandbox signs for these (generated) claims, with a nonce taken just before. */
class GoogleToken {
  constructor(readonly identity: GoogleIdentity) {}
}
type Segment = Ref | { raw: string } | { text: string };
type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string | null }
  | { kind: 'raw'; bytes: string | Uint8Array<ArrayBuffer>; contentType: string | null };
type Origin = 'self' | 'none' | 'foreign' | 'null';
type FuzzRequest = {
  operation: Operation;
  params: Record<string, Segment>;
  query: string;
  body: Body;
  origin: Origin;
};
/** A signed-in browser, a visitor without a session, and a program with a write API key. */
type Caller = 'attacker' | 'stranger' | 'program';

const NUMERIC_POOLS: PoolName[] = [
  'ownPrompt',
  'ownCategory',
  'ownUser',
  'victimPrompt',
  'victimCategory',
  'victimUser',
];
const pools = Object.fromEntries(
  (
    [
      ...NUMERIC_POOLS,
      'ownShare',
      'ownSession',
      'ownCursor',
      'victimShare',
      'victimSession',
    ] satisfies PoolName[]
  ).map((name) => [name, [] as (number | string)[]]),
) as Record<PoolName, (number | string)[]>;

function addToPool(pool: PoolName, value: number | string): void {
  const values = pools[pool];
  if (values.includes(value)) return;
  values.push(value);
  // The newest ids are the likeliest to still exist.
  if (values.length > 40) values.shift();
}

/**
 * The MCP server as an operation: JSON-RPC messages of every method it has (and some it has not),
 * naming the caller's prompts and the victim's, the tools, and anything else.
 */
function mcpOperation(promptNames: string[]): Operation {
  const text: JsonSchema = { type: 'string' };
  return {
    method: 'POST',
    path: '/mcp',
    query: {},
    body: {
      type: 'object',
      required: ['jsonrpc', 'id', 'method'],
      properties: {
        jsonrpc: { enum: ['2.0'] },
        id: { type: 'integer', minimum: 0 },
        method: {
          enum: [
            'initialize',
            'ping',
            'prompts/list',
            'prompts/get',
            'tools/list',
            'tools/call',
            'resources/list',
            'completion/complete',
            'notifications/initialized',
          ],
        },
        params: {
          type: 'object',
          properties: {
            name: {
              anyOf: [{ enum: [...promptNames, 'search_prompts', 'get_prompt', 'save_prompt'] }, text],
            },
            cursor: text,
            protocolVersion: { enum: ['2025-06-18', '2025-03-26', '2024-11-05'] },
            capabilities: { type: 'object', properties: {} },
            clientInfo: { type: 'object', properties: { name: text, version: text } },
            arguments: {
              type: 'object',
              properties: {
                query: text,
                category: { anyOf: [{ enum: ['General', 'Research'] }, text] },
                tag: text,
                limit: { type: 'integer' },
                name: { anyOf: [{ enum: promptNames }, text] },
                title: text,
                content: text,
                tags: { type: 'array', items: text, maxItems: 30 },
                word: text,
              },
            },
          },
        },
      },
    },
  };
}

// Short pieces that break naive handling of text, also hidden inside otherwise valid values.
const PIECES = [
  '\ud800',
  '\udfff',
  'x\udfffy',
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u202e',
  '\u200f',
  '\u200b',
  '\ufeff',
  '\u2028',
  '😀',
  '👩‍👩‍👧‍👦',
  'e\u0301',
  '\r\n',
  '%00',
  '\\',
  '"',
  "'",
];
const NASTY_STRINGS = [
  ...PIECES,
  '',
  ' ',
  ' \t\n\r ',
  ' '.repeat(300),
  'a\u0000b',
  'abc\u0000',
  'evil\u202etxt.exe',
  'مرحبا بالعالم',
  '12',
  '2147483648',
  '9999999999',
  ' 3 ',
  '-1',
  '0',
  '1.5',
  '1e308',
  'NaN',
  'null',
  'true',
  'temp-general',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'x'.repeat(20_000),
  '😀'.repeat(5_000),
];
const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  1.5,
  1e308,
  -1e308,
  5e-324,
  1_000_000,
  1_000_001,
];
// Raw path segments, put in the URL as they are (percent escapes included).
const RAW_SEGMENTS = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '4294967296',
  '9999999999',
  String(2 ** 53),
  '9007199254740993',
  '1.5',
  '1e3',
  '0x10',
  '01',
  '+1',
  '%201',
  '1%20',
  'abc',
  'null',
  '%00',
  '1%00',
  '%',
  '%ZZ',
  '%2F',
  '%2e%2e',
  '..',
  '%ED%A0%80',
  '%C0%AE',
  '%FF',
  '%F0%9F%98%80',
  'x'.repeat(5_000),
];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json, text/plain',
  '',
];
const nest = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const bytes = (...values: number[]) => new Uint8Array(values);
// Bodies no JSON serializer writes: broken, oversized, duplicated, badly encoded.
const RAW_BODIES: (string | Uint8Array<ArrayBuffer>)[] = [
  '',
  '   ',
  '{',
  '{"title":',
  '[1,2',
  'undefined',
  "{'title':'x'}",
  '{"a":1}{"b":2}',
  '{"title":"abc","title":"def","content":"x"}',
  '\ufeff{"title":"abc","content":"x"}',
  '{"title":"a\u0001bc","content":"tab\there"}',
  '{"id":1e99999,"categoryPositions":[{"id":1e99999,"position":-0}]}',
  '{"categoryId":123456789012345678901234567890}',
  '{"__proto__":{"isPro":true},"title":"abc","content":"x"}',
  '{"constructor":{"prototype":{"x":1}}}',
  nest(5_000),
  `{"content":"${'x'.repeat(200_000)}","title":"big"}`,
  bytes(0x7b, 0x22, 0x74, 0x69, 0x74, 0x6c, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d),
  bytes(0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x61, 0x62, 0x22, 0x7d),
  bytes(0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xc0, 0xae, 0x61, 0x62, 0x22, 0x7d),
];

describe('every JSON route of the gateway under generated input', () => {
  let google: RunningGoogleSandbox;
  let stack: Stack;
  let gateway: Gateway;
  let operations: Operation[];
  let knownStrings: string[];
  const attacker = {
    username: uniqueUsername('attacker'),
    // Changed when a generated password change goes through.
    password: STRONG_PASSWORD,
    cookie: undefined as string | undefined,
    apiKey: undefined as string | undefined,
  };
  let victim: LibraryUser;
  let victimBefore: Awaited<ReturnType<typeof victimState>>;

  let requestCount = 0;
  const statuses: Record<string, number> = {};
  const byRoute = new Map<string, Record<string, number>>();
  const serverErrors = new Map<string, string>();

  beforeAll(async () => {
    google = await startGoogleSandbox({ clientId: CLIENT_ID });
    const identity = { GOOGLE_CLIENT_ID: CLIENT_ID };
    stack = await startStack('fuzz', ['auth', 'library', 'sharing', 'billing'], {
      services: {
        ...identity,
        GOOGLE_ISSUER: google.issuer,
        GOOGLE_JWKS_URL: google.jwksUrl,
        // Room for what the fuzz creates and for a second category; the category limit is still
        // reached, so its refusal is fuzzed too.
        FREE_PROMPT_LIMIT: '150',
        FREE_CATEGORY_LIMIT: '10',
      },
      gateway: {
        ...identity,
        GOOGLE_AUTH_URL: google.authorizationUrl,
        RATE_LIMIT_LOGIN_PER_USERNAME: GENEROUS,
        RATE_LIMIT_LOGIN_PER_CLIENT: GENEROUS,
        RATE_LIMIT_REGISTER_PER_CLIENT: GENEROUS,
        RATE_LIMIT_WRITES_PER_USER: GENEROUS,
        RATE_LIMIT_IMPORTS_PER_USER: GENEROUS,
        RATE_LIMIT_REQUESTS_PER_API_KEY: GENEROUS,
        RATE_LIMIT_SHARED_READS_PER_CLIENT: GENEROUS,
        RATE_LIMIT_GOOGLE_AUTH_PER_CLIENT: GENEROUS,
      },
    });
    gateway = await stack.startGateway();

    operations = await documentedOperations(gateway.url);
    const config = (await new ApiClient(gateway.url).get<{ prices: Record<string, string> }>('/api/config'))
      .body;

    victim = await setUpVictim(config.prices.monthly);
    await setUpAttacker(config.prices.monthly);
    knownStrings = [...Object.values(config.prices), victim.username, attacker.username, STRONG_PASSWORD];
    victimBefore = await victimState();
  }, 360_000);

  afterAll(async () => {
    const sorted = (counts: Record<string, number>) =>
      Object.fromEntries(Object.entries(counts).sort(([a], [b]) => Number(a) - Number(b)));
    const routes = [...byRoute]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, counts]) => `  ${route} ${JSON.stringify(sorted(counts))}`);
    // eslint-disable-next-line no-console -- the run's reach and findings, for whoever reads the log
    console.log(
      [
        `fuzz: ${requestCount} requests; statuses ${JSON.stringify(sorted(statuses))}; seed ${SEED} (FUZZ_SEED=${SEED} replays)`,
        ...routes,
        `server errors (${serverErrors.size} distinct):`,
        ...[...serverErrors.values()].map((line) => `  ${line}`),
      ].join('\n'),
    );
    await stack?.stop();
    await google?.close();
  }, 90_000);

  /**
   * Every operation of the gateway's own OpenAPI document, so a route added later is fuzzed too;
   * the document must list the routes the app has always had.
   */
  async function documentedOperations(baseUrl: string): Promise<Operation[]> {
    const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: JsonSchema }> };
            parameters?: { name: string; in: string; schema: JsonSchema }[];
          }
        >
      >;
    };
    const found: Operation[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      // The Stripe webhook reads raw bytes, not JSON, and checks Stripe's signature over them, so
      // generated bodies only ever meet its 400 (billing-webhooks covers it). The docs page and its
      // assets are files, not JSON.
      if (!path.startsWith('/api/') || path === '/api/webhooks/stripe' || path.startsWith('/api/docs'))
        continue;
      for (const [method, operation] of Object.entries(methods)) {
        const body = operation.requestBody?.content['application/json']?.schema;
        const query = Object.fromEntries(
          (operation.parameters ?? [])
            .filter((parameter) => parameter.in === 'query')
            .map((parameter) => [parameter.name, parameter.schema]),
        );
        found.push({ method: method.toUpperCase(), path, body, query });
      }
    }
    const names = found.map((operation) => `${operation.method} ${operation.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/register',
        'POST /api/login',
        'POST /api/google-auth',
        'PATCH /api/prompts/{id}',
        'POST /api/prompts/import',
        'POST /api/categories/update-positions',
        'GET /api/shared/{shareId}',
        'GET /api/prompts/cards',
        'GET /api/prompts/counts',
        'GET /api/checkout-session/{sessionId}',
      ]),
    );
    return found;
  }

  /** A user the fuzz must not be able to touch: prompts (one favourite, one copied, one shared), two categories, a checkout. */
  async function setUpVictim(priceId: string): Promise<LibraryUser> {
    const client = new ApiClient(gateway.url);
    const username = uniqueUsername('victim');
    // Not the password the generators know: nobody signs in as the victim.
    const registered = await client.post<RegisteredUserResponse>('/api/register', {
      username,
      password: `${randomUUID()}-Victim`,
    });
    expect(registered.status).toBe(201);
    const user: LibraryUser = {
      client,
      id: registered.body.user.id,
      username,
      general: await generalCategoryOf(client, registered.body.initialCategory),
    };
    const research = await client.post<Category>('/api/categories', { name: 'Research' });
    expect(research.status).toBe(201);
    const favourite = await createPrompt(user, { title: 'Victim favourite', content: 'Mine alone.' });
    const shared = await createPrompt(user, { title: 'Victim shared', content: 'Read only.' });
    const plain = await createPrompt(user, { title: 'Victim plain', content: 'Keep as is.' });
    expect((await client.post(`/api/prompts/${favourite.id}/toggle-favorite`)).status).toBe(200);
    expect((await client.post(`/api/prompts/${favourite.id}/copy`)).status).toBe(200);
    const link = await client.post<ShareLink>(`/api/prompts/${shared.id}/share`);
    expect(link.status).toBe(200);
    const checkout = await client.post<{ url: string }>('/api/create-subscription', { priceId });
    expect(checkout.status).toBe(200);

    for (const prompt of [favourite, shared, plain]) addToPool('victimPrompt', prompt.id);
    addToPool('victimCategory', user.general.id);
    addToPool('victimCategory', research.body.id);
    addToPool('victimUser', user.id);
    addToPool('victimShare', link.body.shareId);
    addToPool('victimSession', new URL(checkout.body.url).pathname.split('/').pop()!);
    return user;
  }

  /** The signed-in caller: a free user with things of its own for the fuzz to find and use. */
  async function setUpAttacker(priceId: string): Promise<void> {
    const client = new ApiClient(gateway.url);
    const registered = await client.post<RegisteredUserResponse>('/api/register', {
      username: attacker.username,
      password: STRONG_PASSWORD,
    });
    expect(registered.status).toBe(201);
    attacker.cookie = client.sessionCookie;
    addToPool('ownUser', registered.body.user.id);
    addToPool('ownCategory', (await generalCategoryOf(client, registered.body.initialCategory)).id);
    harvest((await client.post<Category>('/api/categories', { name: 'Mine' })).body);
    for (const title of ['Attacker one', 'Attacker two']) {
      harvest((await client.post<Prompt>('/api/prompts', { title, content: 'Content.' })).body);
    }
    harvest((await client.post(`/api/prompts/${pools.ownPrompt[0]}/share`)).body);
    harvest((await client.post('/api/create-subscription', { priceId })).body);
  }

  /** An account of the same name again, after a generated request deleted the attacker's. */
  async function registerAttackerAgain(): Promise<void> {
    const client = new ApiClient(gateway.url);
    const res = await client.post('/api/register', {
      username: attacker.username,
      password: STRONG_PASSWORD,
    });
    if (res.status !== 201) throw new Error(`the attacker could not register again: ${res.status}`);
    attacker.password = STRONG_PASSWORD;
    attacker.cookie = client.sessionCookie;
  }

  /** Starts a new attacker session when a generated request ended or replaced the one it had. */
  async function signInAttackerAgain(): Promise<void> {
    const client = new ApiClient(gateway.url);
    const res = await client.post('/api/login', { username: attacker.username, password: attacker.password });
    if (res.status !== 200) throw new Error(`the attacker could not sign in again: ${res.status}`);
    attacker.cookie = client.sessionCookie;
  }

  /** The attacker's own ids in an answer, for later requests to use. */
  function harvest(value: unknown): void {
    if (Array.isArray(value)) return value.forEach(harvest);
    if (!value || typeof value !== 'object') return;
    const fields = value as Record<string, unknown>;
    if (typeof fields.id === 'number') {
      if ('title' in fields) addToPool('ownPrompt', fields.id);
      else if ('position' in fields) addToPool('ownCategory', fields.id);
    }
    if (typeof fields.shareId === 'string') addToPool('ownShare', fields.shareId);
    if (typeof fields.nextCursor === 'string') addToPool('ownCursor', fields.nextCursor);
    if (typeof fields.url === 'string' && fields.url.includes('/checkout/')) {
      addToPool('ownSession', fields.url.split('/').pop()!);
    }
    Object.values(fields).forEach(harvest);
  }

  async function victimState() {
    const read = async (path: string) => {
      const res = await victim.client.get(path);
      return { status: res.status, body: res.body };
    };
    const shares = await read('/api/shares');
    return {
      user: await read('/api/user'),
      prompts: await read('/api/prompts'),
      categories: await read('/api/categories'),
      limits: await read('/api/user/limits'),
      // Views are what visitors of the public link add, the fuzz's reads among them; the rest must stay.
      shares: {
        status: shares.status,
        body: (shares.body as SharedLink[]).map(({ views: _views, ...link }) => link),
      },
      shared: await read(`/api/shared/${pools.victimShare[0]}`),
      checkout: await read(`/api/checkout-session/${pools.victimSession[0]}`),
    };
  }

  // Generators ------------------------------------------------------------------------------

  const refOf = (names: PoolName[], asString = false) =>
    fc.tuple(fc.constantFrom(...names), fc.nat()).map(([pool, pick]) => new Ref(pool, pick, asString));

  const nastyString = fc.oneof(
    fc.constantFrom(...NASTY_STRINGS),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'binary-ascii', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...PIECES), fc.string({ maxLength: 8 }))
      .map(([before, piece, after]) => `${before}${piece}${after}`),
  );
  const scalar = fc.oneof(
    nastyString,
    fc.constantFrom(...NASTY_NUMBERS),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
  );
  const keyOf = fc.oneof(
    fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'id',
      'userId',
      'isPro',
      'usageCount',
      'toString',
    ),
    fc.string({ maxLength: 10 }),
  );
  const anyJson: fc.Arbitrary<unknown> = fc.oneof(
    { weight: 3, arbitrary: scalar },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.dictionary(keyOf, scalar, { maxKeys: 5 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(1, 5, 200, 2_000).map((depth) => JSON.parse(nest(depth)) as unknown),
    },
  );

  /**
   * A value for a field of this schema. A near-valid body (not wild) keeps every field in shape and
   * mostly within bounds, so it passes the gateway and takes odd but allowed text and other users'
   * ids to the services; a wild one has anything anywhere.
   */
  function fieldOf(schema: JsonSchema, name: string, wild: boolean, copies = true): fc.Arbitrary<unknown> {
    const shaped = shapedOf(schema, name, wild, copies);
    return wild ? fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: anyJson }) : shaped;
  }

  /**
   * `copies`: whether a wild array may be one over its limit, made of copies of one item. An item
   * copied so holds no such array itself: copies of copies (101 imported prompts of 1,001 versions
   * each) ran to more text than a string can hold, and a body far past the byte limit tests nothing
   * one just past it does not.
   */
  function shapedOf(schema: JsonSchema, name: string, wild: boolean, copies = true): fc.Arbitrary<unknown> {
    if (schema.enum && schema.enum.length > 0) {
      const { enum: _values, ...free } = schema;
      return fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...schema.enum) },
        { weight: wild ? 1 : 0, arbitrary: shapedOf(free, name, wild, copies) },
      );
    }
    if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => shapedOf(option, name, wild, copies)));
    switch (schema.type) {
      case 'object':
        return objectOf(schema, wild, copies);
      case 'array': {
        const item = fieldOf(schema.items ?? {}, name, wild, copies);
        const max = schema.maxItems ?? 1_000;
        if (!wild || !copies) return fc.array(item, { maxLength: 6 });
        const copied = fieldOf(schema.items ?? {}, name, wild, false);
        return fc.oneof(
          { weight: 6, arbitrary: fc.array(item, { maxLength: 6 }) },
          // One over the limit, all the same item: cheap to make, and past the bound.
          { weight: 1, arbitrary: copied.map((value) => Array.from({ length: max + 1 }, () => value)) },
        );
      }
      case 'string':
        return stringOf(schema, name, wild);
      case 'integer':
      case 'number':
        return numberOf(schema, wild);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      default:
        return anyJson;
    }
  }

  function objectOf(
    schema: JsonSchema,
    wild: boolean,
    copies: boolean,
  ): fc.Arbitrary<Record<string, unknown>> {
    const entries = Object.entries(schema.properties ?? {}).map(([key, property]) => {
      const present = fieldOf(property, key, wild, copies).map((value) => [[key, value]]);
      const required = schema.required?.includes(key) ?? false;
      if (required && !wild) return present;
      return fc.oneof(
        { weight: required ? 9 : 1, arbitrary: present },
        { weight: 1, arbitrary: fc.constant([]) },
      );
    });
    const extra = fc.oneof(
      { weight: 4, arbitrary: fc.constant([]) },
      { weight: wild ? 1 : 0, arbitrary: fc.array(fc.tuple(keyOf, anyJson), { maxLength: 3 }) },
    );
    // fromEntries makes "__proto__" an own key, which JSON.stringify then sends.
    return fc
      .tuple(extra, ...entries)
      .map(([more, ...fields]) => Object.fromEntries([...(fields as [string, unknown][][]).flat(), ...more]));
  }

  function stringOf(schema: JsonSchema, name: string, wild: boolean): fc.Arbitrary<unknown> {
    const min = schema.minLength ?? 0;
    const max = Math.min(schema.maxLength ?? 2_000, 2_000);
    // Long enough for rules the schema cannot show (content's least length): the boundaries are tried apart.
    const typical = Math.min(Math.max(min, 8), max);
    const plain = fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789_-.'),
      minLength: typical,
      maxLength: Math.max(typical, Math.min(max, 40)),
    });
    const options: fc.WeightedArbitrary<unknown>[] = [
      { weight: 2, arbitrary: plain },
      // Valid length and mostly valid text, with one odd piece inside.
      {
        weight: 3,
        arbitrary: fc
          .tuple(plain, fc.constantFrom(...PIECES), plain)
          .map(([before, piece, after]) => `Fz${before}${piece}${after}`.slice(0, Math.max(max, min + 4))),
      },
      { weight: 1, arbitrary: fc.constantFrom(...knownStrings) },
    ];
    if (wild) {
      options.push(
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(min - 1, min, max, max + 1)
            .map((length) => 'b'.repeat(Math.max(length, 0))),
        },
        { weight: 3, arbitrary: nastyString },
        { weight: 1, arbitrary: refOf(NUMERIC_POOLS, true) },
      );
    }
    if (name === 'idToken') {
      options.push({
        weight: 3,
        arbitrary: fc
          .record({
            sub: fc.oneof(fc.stringMatching(/^1\d{20}$/), nastyString),
            email: fc.oneof(
              fc
                .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 20 })
                .map((local) => `${local}@example.com`),
              nastyString,
            ),
            name: fc.option(fc.oneof(plain, nastyString), { nil: undefined }),
            picture: fc.option(nastyString, { nil: undefined }),
          })
          .map((identity) => new GoogleToken(identity)),
      });
    }
    return fc.oneof(...options);
  }

  function numberOf(schema: JsonSchema, wild: boolean): fc.Arbitrary<unknown> {
    const min =
      schema.minimum ?? (schema.exclusiveMinimum === undefined ? -1_000 : schema.exclusiveMinimum + 1);
    const max = schema.maximum ?? 2 ** 31;
    const options: fc.WeightedArbitrary<unknown>[] = [
      { weight: 3, arbitrary: refOf(['ownPrompt', 'ownCategory']) },
      { weight: 2, arbitrary: refOf(['victimPrompt', 'victimCategory', 'victimUser', 'ownUser']) },
      { weight: 1, arbitrary: fc.integer({ min, max: Math.max(min, max) }) },
      // In bounds for the schema, out of bounds for a 32-bit column or a rule the schema cannot show.
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          ...[min, max, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 1_000_000, 1_000_001].filter(
            (value) => value >= min && value <= max,
          ),
        ),
      },
    ];
    if (wild) {
      options.push(
        { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
        { weight: 1, arbitrary: fc.constantFrom('12', '2147483648', ' 3 ', '1.5', '-1') },
      );
    }
    return fc.oneof(...options);
  }

  /** A path parameter: mostly the caller's own ids (of the kind the path names) and other users', else anything. */
  function segmentOf(name: string, path: string): fc.Arbitrary<Segment> {
    const kind: PoolName = path.includes('/categories/') ? 'ownCategory' : 'ownPrompt';
    const [mine, others, shaped]: [PoolName[], PoolName[], fc.Arbitrary<string>] =
      name === 'shareId'
        ? [['ownShare'], ['victimShare'], fc.stringMatching(/^[A-Za-z0-9_-]{22}$/)]
        : name === 'sessionId'
          ? [['ownSession'], ['victimSession'], fc.stringMatching(/^cs_test_[A-Za-z0-9]{8,24}$/)]
          : [
              [kind],
              NUMERIC_POOLS.filter((pool) => pool !== kind),
              fc.integer({ min: 1, max: 2 ** 31 - 1 }).map(String),
            ];
    return fc.oneof(
      { weight: 5, arbitrary: refOf(mine, true) },
      { weight: 3, arbitrary: refOf(others, true) },
      { weight: 1, arbitrary: shaped.map((raw) => ({ raw })) },
      { weight: 3, arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((raw) => ({ raw })) },
      { weight: 2, arbitrary: nastyString.map((text) => ({ text })) },
      { weight: 1, arbitrary: fc.integer().map((value) => ({ raw: String(value) })) },
    );
  }

  const queryOf = fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    {
      weight: 2,
      arbitrary: fc
        .array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom('before', 'limit', 'cursor', 'id', '__proto__', 'a[b]'),
              fc.string({ maxLength: 6 }),
            ),
            fc.oneof(
              segmentOf('id', ''),
              nastyString.map((text) => ({ text })),
            ),
          ),
          { minLength: 1, maxLength: 3 },
        )
        .map(
          (pairs) =>
            `?${pairs.map(([key, value]) => `${encodeText(key)}=${renderSegment(value)}`).join('&')}`,
        ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '?%',
        '?before=%ZZ',
        '?before=%00',
        '?before=1&before=2',
        `?${'a'.repeat(10_000)}`,
      ),
    },
  );

  /**
   * A query string of the route's documented names, each present or not: values its schema allows
   * (the attacker's and the victim's ids, a cursor a page gave) and values it refuses.
   */
  function documentedQueryOf(parameters: Record<string, JsonSchema>): fc.Arbitrary<string> {
    const valueOf = (name: string, schema: JsonSchema): fc.Arbitrary<string> => {
      const options: fc.WeightedArbitrary<unknown>[] = [
        { weight: 3, arbitrary: shapedOf(schema, name, false) },
        { weight: 1, arbitrary: shapedOf(schema, name, true) },
        { weight: name === 'limit' ? 6 : 1, arbitrary: fc.integer({ min: -1, max: 120 }) },
      ];
      if (name === 'categoryId') {
        options.push({ weight: 6, arbitrary: refOf(['ownCategory', 'victimCategory'], true) });
      }
      if (name === 'cursor') options.push({ weight: 6, arbitrary: refOf(['ownCursor'], true) });
      return fc
        .oneof(...options)
        .map((value) => (value instanceof Ref ? renderSegment(value) : encodeText(String(value))));
    };
    const pairs = Object.entries(parameters).map(([name, schema]) =>
      fc.oneof(
        { weight: 3, arbitrary: fc.constant<[string, string][]>([]) },
        { weight: 2, arbitrary: valueOf(name, schema).map((value): [string, string][] => [[name, value]]) },
      ),
    );
    return fc.tuple(...pairs).map((chosen) => {
      const present = chosen.flat();
      return present.length === 0 ? '' : `?${present.map(([name, value]) => `${name}=${value}`).join('&')}`;
    });
  }

  function bodyOf(schema: JsonSchema | undefined): fc.Arbitrary<Body> {
    const contentType = fc.oneof(
      { weight: 12, arbitrary: fc.constant<string | null>('application/json') },
      { weight: 1, arbitrary: fc.constantFrom<string | null>(...CONTENT_TYPES, null) },
    );
    const json = (value: fc.Arbitrary<unknown>) =>
      fc.record({ kind: fc.constant('json' as const), value, contentType });
    const raw = fc.record({
      kind: fc.constant('raw' as const),
      bytes: fc.constantFrom(...RAW_BODIES),
      contentType: fc.oneof(
        { weight: 3, arbitrary: fc.constant<string | null>('application/json') },
        { weight: 1, arbitrary: fc.constantFrom<string | null>(...CONTENT_TYPES, null) },
      ),
    });
    const none = fc.constant<Body>({ kind: 'none' });
    if (!schema) {
      return fc.oneof(
        { weight: 6, arbitrary: none },
        { weight: 2, arbitrary: json(anyJson) },
        { weight: 1, arbitrary: raw },
      );
    }
    return fc.oneof(
      { weight: 8, arbitrary: json(shapedOf(schema, 'body', false)) },
      { weight: 6, arbitrary: json(shapedOf(schema, 'body', true)) },
      { weight: 3, arbitrary: json(anyJson) },
      { weight: 2, arbitrary: raw },
      { weight: 1, arbitrary: none },
    );
  }

  const originOf = fc.oneof(
    { weight: 17, arbitrary: fc.constant<Origin>('self') },
    { weight: 1, arbitrary: fc.constantFrom<Origin>('none', 'foreign', 'null') },
  );

  function requestOf(operation: Operation): fc.Arbitrary<FuzzRequest> {
    const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name);
    const bodiless = operation.method === 'GET' || operation.method === 'HEAD';
    return fc
      .record({
        operation: fc.constant(operation),
        params: fc
          .tuple(...names.map((name) => segmentOf(name, operation.path)))
          .map((segments) => Object.fromEntries(names.map((name, i) => [name, segments[i]]))),
        query: !bodiless
          ? fc.constant('')
          : Object.keys(operation.query).length === 0
            ? queryOf
            : fc.oneof(
                { weight: 5, arbitrary: documentedQueryOf(operation.query) },
                { weight: 1, arbitrary: queryOf },
              ),
        body: bodiless ? fc.constant<Body>({ kind: 'none' }) : bodyOf(operation.body),
        origin: originOf,
      })
      .map((request) => ({ ...request, [fc.toStringMethod]: () => describeRequest(request) }));
  }

  // Sending ---------------------------------------------------------------------------------

  function renderSegment(segment: Segment): string {
    if (segment instanceof Ref) return encodeText(String(resolveRef(segment)));
    return 'raw' in segment ? segment.raw : encodeText(segment.text);
  }

  function resolveRef(ref: Ref): number | string {
    const values = pools[ref.pool];
    const value = values.length === 0 ? 1 : values[ref.pick % values.length];
    return ref.asString ? String(value) : value;
  }

  function urlOf(request: FuzzRequest): string {
    const path = request.operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      renderSegment(request.params[name]),
    );
    return `${path}${request.query}`;
  }

  /**
   * The value as sent: pool ids looked up, Google tokens in place. Once per shared subtree, since a
   * body can be a thousand copies of a deeply nested item; and without recursion, since an item can
   * nest thousands deep, past what the call stack holds (a body of 2,000 nested arrays inside others
   * overflowed it).
   */
  function materialize(value: unknown, tokens: Map<GoogleToken, unknown>): unknown {
    const isContainer = (item: unknown): item is object =>
      !!item && typeof item === 'object' && !(item instanceof Ref) && !(item instanceof GoogleToken);
    const sent = (item: unknown, done: Map<object, unknown>): unknown => {
      if (item instanceof Ref) return resolveRef(item);
      if (item instanceof GoogleToken) return tokens.get(item);
      return isContainer(item) ? done.get(item) : item;
    };
    const done = new Map<object, unknown>();
    if (!isContainer(value)) return sent(value, done);
    // Depth first: a container is copied once every container in it has been.
    const stack: object[] = [value];
    while (stack.length > 0) {
      const container = stack[stack.length - 1];
      if (done.has(container)) {
        stack.pop();
        continue;
      }
      const waiting = Object.values(container).filter((item) => isContainer(item) && !done.has(item));
      if (waiting.length > 0) {
        for (const item of waiting) stack.push(item as object);
        continue;
      }
      stack.pop();
      done.set(
        container,
        Array.isArray(container)
          ? container.map((item) => sent(item, done))
          : Object.fromEntries(Object.entries(container).map(([key, item]) => [key, sent(item, done)])),
      );
    }
    return done.get(value);
  }

  function googleTokensIn(
    value: unknown,
    found = new Set<GoogleToken>(),
    seen = new Set<object>(),
  ): Set<GoogleToken> {
    if (value instanceof GoogleToken) found.add(value);
    else if (value && typeof value === 'object' && !seen.has(value)) {
      seen.add(value);
      for (const item of Object.values(value)) googleTokensIn(item, found, seen);
    }
    return found;
  }

  type Answer = { status: number; text: string; setCookie: string[] };

  /** The answer's text, unzipped as fetch would; of a live feed, which stays open, its first part, then it is left. */
  async function bodyText(response: Dispatcher.ResponseData): Promise<string> {
    const header = (name: string) => String(response.headers[name] ?? '');
    if (header('content-type').startsWith('text/event-stream')) {
      const iterator = response.body[Symbol.asyncIterator]();
      const { value } = (await iterator.next()) as { value?: Buffer };
      response.body.destroy();
      return value ? value.toString('utf8') : '';
    }
    const bytes = Buffer.from(await response.body.arrayBuffer());
    const encoding = header('content-encoding');
    const unzipped =
      encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'deflate' ? inflateSync(bytes) : bytes;
    return unzipped.toString('utf8');
  }

  async function call(
    caller: Caller,
    method: string,
    path: string,
    init: {
      headers?: Record<string, string>;
      body?: string | Uint8Array<ArrayBuffer>;
      origin?: Origin;
      cookies?: string[];
    },
  ): Promise<Answer> {
    // Names in any case, the last one set winning, as in fetch's Headers.
    const headers = new Map<string, string>();
    const set = (name: string, value: string) => headers.set(name.toLowerCase(), value);
    for (const [name, value] of Object.entries({ ...FETCH_HEADERS, ...init.headers })) set(name, value);
    const origin = init.origin ?? 'self';
    if (origin === 'self') set('Origin', gateway.url);
    if (origin === 'foreign') set('Origin', 'https://evil.example');
    if (origin === 'null') set('Origin', 'null');
    const cookies = [
      ...(init.cookies ?? []),
      ...(caller === 'attacker' && attacker.cookie ? [attacker.cookie] : []),
    ];
    if (cookies.length > 0) set('Cookie', cookies.join('; '));
    if (caller === 'program' && attacker.apiKey) set('Authorization', `Bearer ${attacker.apiKey}`);
    // What an MCP client accepts; without it the server answers every message with 406.
    if (path.startsWith('/mcp')) set('Accept', 'application/json, text/event-stream');
    // fetch types a text body that names no type of its own.
    if (typeof init.body === 'string' && !headers.has('content-type'))
      set('Content-Type', 'text/plain;charset=UTF-8');
    try {
      const response = await sendRequest(`${gateway.url}${path}`, {
        method: method as Dispatcher.HttpMethod,
        headers: Object.fromEntries(headers),
        body: init.body,
        // The connections every file's fetch uses, let go long before the gateway would.
        dispatcher: shortKeepAliveAgent(),
        signal: AbortSignal.timeout(20_000),
      });
      const setCookie = response.headers['set-cookie'] ?? [];
      return {
        status: response.statusCode,
        text: await bodyText(response),
        setCookie: Array.isArray(setCookie) ? setCookie : [setCookie],
      };
    } catch (error) {
      const failure = error as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
      const code = failure.code === 'UND_ERR_SOCKET' ? failure.cause?.code : failure.code;
      const size =
        typeof init.body === 'string' ? Buffer.byteLength(init.body) : (init.body?.byteLength ?? 0);
      // The gateway answers a body past the limit with 413 and closes the connection without
      // reading the rest (HTTP allows it); a client still writing it may see the close, not the answer.
      if (size > MAX_BODY_BYTES && (code === 'EPIPE' || code === 'ECONNRESET')) {
        return { status: 413, text: `connection closed while the body was sent (${code})`, setCookie: [] };
      }
      // Any other cut connection or a hang is as much a server failure as a 500.
      return { status: 0, text: String(failure), setCookie: [] };
    }
  }

  /** Sends one generated request; answers a description of it when the server failed. */
  async function send(caller: Caller, request: FuzzRequest): Promise<string | undefined> {
    const { method } = request.operation;
    const path = urlOf(request);
    const nonceCookies: string[] = [];
    const tokens = new Map<GoogleToken, string>();
    // Each token carries a nonce this caller takes first, as a browser does before Google's popup.
    for (const googleToken of request.body.kind === 'json' ? googleTokensIn(request.body.value) : []) {
      const answer = await call(caller, 'POST', '/api/google-auth/nonce', {});
      if (answer.status !== 200) throw new Error(`nonce answered ${answer.status}: ${answer.text}`);
      nonceCookies.push(...answer.setCookie.map((line) => line.split(';')[0]));
      const { nonce } = JSON.parse(answer.text) as { nonce: string };
      tokens.set(googleToken, await google.signIdToken(googleToken.identity, { nonce }));
    }
    const headers: Record<string, string> = {};
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    let sent = 'none';
    if (request.body.kind !== 'none') {
      if (request.body.contentType !== null) headers['Content-Type'] = request.body.contentType;
      if (request.body.kind === 'json') {
        body = JSON.stringify(materialize(request.body.value, tokens));
        // A token is named by the claims it was signed with: they are what the server read.
        const claims = new Map([...tokens.keys()].map((key) => [key, { signedIdToken: key.identity }]));
        sent = summarize(materialize(request.body.value, claims));
      } else {
        body = request.body.bytes;
        sent = `raw ${summarize(body)}`;
      }
    }
    const answer = await call(caller, method, path, {
      origin: request.origin,
      cookies: nonceCookies,
      headers,
      body,
    });

    requestCount += 1;
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    const route = `${method} ${request.operation.path}`;
    const counts = byRoute.get(`${caller} ${route}`) ?? {};
    counts[answer.status] = (counts[answer.status] ?? 0) + 1;
    byRoute.set(`${caller} ${route}`, counts);

    if (caller === 'attacker') {
      if (route === 'POST /api/user/password' && answer.status === 200 && typeof body === 'string') {
        attacker.password = (JSON.parse(body) as { newPassword: string }).newPassword;
      }
      const session = answer.setCookie.find((line) => SESSION_COOKIE.test(line))?.split(';')[0];
      // A sign-in, a registration or a sign-out: the attacker's session is gone, so make a new one.
      if (route === 'DELETE /api/user' && answer.status === 200) await registerAttackerAgain();
      else if (session !== undefined && session !== attacker.cookie) await signInAttackerAgain();
      else if (answer.status < 300) harvest(safeJson(answer.text));
    }
    if (answer.status < 500 && answer.status !== 0) return undefined;
    const line =
      `${caller} ${method} ${shorten(path)} ${request.origin === 'self' ? '' : `(origin ${request.origin}) `}` +
      `body ${sent} -> ${answer.status} ${shorten(answer.text)}`;
    serverErrors.set(`${caller} ${route} ${answer.status} ${answer.text}`, line);
    return line;
  }

  async function fuzz(caller: Caller, seed: number, numRuns = RUNS, among = operations): Promise<void> {
    const requests = fc.array(fc.oneof(...among.map(requestOf)), {
      minLength: 1,
      maxLength: MAX_REQUESTS_PER_RUN,
    });
    await fc.assert(
      fc.asyncProperty(requests, async (batch) => {
        for (const request of batch) {
          const failure = await send(caller, request);
          if (failure && !CONTINUE) throw new Error(`server error: ${failure}`);
        }
      }),
      // The first failure ends the run unshrunk: its message already names the one request, and
      // shrinking would replay batches against a server the earlier runs have changed, for as long
      // as the shrink tree lasts (tens of minutes on a slow machine) without a smaller answer.
      { numRuns, seed, endOnFailure: true },
    );
    if (CONTINUE) {
      expect([...serverErrors.values()].filter((line) => line.startsWith(caller))).toEqual([]);
    }
  }

  it('answers every generated request below 500, to a signed-in user aiming at another user', async () => {
    await fuzz('attacker', SEED);
  }, 900_000);

  it('answers every generated request below 500, to a visitor with no session', async () => {
    await fuzz('stranger', SEED + 1);
  }, 900_000);

  it('answers every generated request below 500, to a program with the attacker’s API key', async () => {
    const client = new ApiClient(gateway.url).useCookie(attacker.cookie);
    // The attacker's own requests may have made as many keys as a user may have: room for one more.
    const made = await client.get<{ id: number }[]>('/api/api-keys');
    for (const { id } of made.body) await client.send('DELETE', `/api/api-keys/${id}`, undefined, {});
    const created = await client.post<{ key: string }>('/api/api-keys', { name: 'Fuzz', scope: 'write' });
    expect(created.status).toBe(201);
    attacker.apiKey = created.body.key;
    // Fewer runs: a key reaches the same handlers as the session, behind one more check.
    await fuzz('program', SEED + 2, Math.ceil(RUNS / 10));
  }, 900_000);

  it('answers every generated JSON-RPC message to the MCP server below 500, to a program with the attacker’s API key', async () => {
    expect(attacker.apiKey).toBeDefined();
    const names = [...pools.ownPrompt, ...pools.victimPrompt].map((id) => `prompt-${id}`);
    // Its GET is the stream of notifications, left after its first part as a live feed is.
    const notifications: Operation = { method: 'GET', path: '/mcp', query: {}, body: undefined };
    await fuzz('program', SEED + 3, Math.ceil(RUNS / 10), [mcpOperation(names), notifications]);
  }, 900_000);

  it("leaves the victim's library, links, usage counts and checkout as they were, every process running", async () => {
    expect(await victimState()).toEqual(victimBefore);
    for (const app of [...stack.gateways, ...Object.values(stack.services)]) {
      expect({ app: app.name, exitCode: app.child.exitCode, signal: app.child.signalCode }).toEqual({
        app: app.name,
        exitCode: null,
        signal: null,
      });
    }
  });
});

/** A path segment as a browser would send the text, lone surrogates as the bytes of their code units (WTF-8). */
function encodeText(text: string): string {
  return [...text]
    .map((char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        const unit = char.charCodeAt(0);
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      }
    })
    .join('');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Readable in a log: long strings and arrays cut, everything outside printable ASCII escaped. */
function summarize(value: unknown): string {
  if (value instanceof Uint8Array) return `bytes[${[...value].map((byte) => byte.toString(16)).join(' ')}]`;
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Ref) return `<${item.pool}#${item.pick}>`;
    if (item instanceof GoogleToken) return { signedIdToken: item.identity };
    if (typeof item === 'string' && item.length > 60) return `${item.slice(0, 24)}…[${item.length} chars]`;
    if (Array.isArray(item) && item.length > 8) return [...item.slice(0, 3), `…[${item.length} items]`];
    return item;
  });
  return shorten(text ?? String(value));
}

function shorten(text: string): string {
  const escaped = text.replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return escaped.length > 300 ? `${escaped.slice(0, 300)}…[${escaped.length} chars]` : escaped;
}

function describeRequest(request: FuzzRequest): string {
  const params = Object.entries(request.params).map(
    ([name, segment]) =>
      `${name}=${segment instanceof Ref || 'text' in segment ? summarize(segment instanceof Ref ? segment : segment.text) : shorten(segment.raw)}`,
  );
  const body =
    request.body.kind === 'none'
      ? 'no body'
      : `${request.body.kind} ${summarize(request.body.kind === 'json' ? request.body.value : request.body.bytes)} as ${request.body.contentType ?? 'no type'}`;
  return [
    request.operation.method,
    request.operation.path,
    ...params,
    shorten(request.query),
    body,
    `origin ${request.origin}`,
  ]
    .filter(Boolean)
    .join(' ');
}
