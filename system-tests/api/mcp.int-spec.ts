import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { PromptListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { eventually } from '@promptlib/platform/testing';
import type { CreatedApiKey, ImportResult, Prompt } from '@promptlib/proto';
import { createPrompt, listPrompts, newLibraryUser, type LibraryUser } from '../support/library-api';
import { joinSharedStack, type SharedStackInFile } from '../support/shared-stack';
import type { Gateway, GatewayAddress } from '../support/stack';
import { makePro } from '../support/tiers';

type TextContent = { type: 'text'; text: string };

describe('the MCP server, with the official SDK’s client', () => {
  let stack: SharedStackInFile;
  let gateway: GatewayAddress;
  let second: Gateway;
  const clients: Client[] = [];

  beforeAll(async () => {
    stack = joinSharedStack();
    gateway = stack.gateway;
    second = await stack.startGateway();
  }, 270_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await stack?.stop();
  }, 90_000);

  const keyFor = async (user: LibraryUser, scope: 'read' | 'write', expiresAt?: string) => {
    const res = await user.client.post<CreatedApiKey>('/api/api-keys', {
      name: `MCP ${scope}`,
      scope,
      expiresAt,
    });
    if (res.status !== 201) throw new Error(`key creation answered ${res.status}`);
    return res.body;
  };

  /** A client as an AI app connects one; `replicas` answer its requests in turn. */
  async function connect(key: string, replicas: GatewayAddress[] = [gateway]): Promise<Client> {
    let turn = 0;
    const transport = new StreamableHTTPClientTransport(new URL(`${replicas[0]!.url}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
      fetch: (input, init) => {
        const replica = replicas[turn++ % replicas.length]!;
        const url = new URL(String(input instanceof Request ? input.url : input));
        return fetch(`${replica.url}${url.pathname}${url.search}`, init);
      },
    });
    const client = new Client({ name: 'system-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  const textOf = (content: unknown) => (content as TextContent[]).map((item) => item.text).join('');

  it('lists the prompts with their blanks as arguments, and fills one in on get, counting a use', async () => {
    const user = await newLibraryUser(gateway.url, 'mcpget');
    const signature = await createPrompt(user, {
      title: 'Signature',
      content: 'Best, {{name}} from {{team=Support}}',
    });
    const letter = await user.client.post<Prompt>('/api/prompts', {
      title: 'Letter',
      content: `Dear {{name}}, about {{topic#long}} in a {{tone:warm|formal}} tone.\n{{>${signature.id}}}`,
      categoryId: null,
      tags: ['Mail'],
    });
    const key = await keyFor(user, 'read');
    const client = await connect(key.key, [gateway, second]);

    const { prompts, nextCursor } = await client.listPrompts();
    expect(nextCursor).toBeUndefined();
    const listed = prompts.find((prompt) => prompt.title === 'Letter')!;
    expect(listed).toEqual({
      name: `prompt-${letter.body.id}`,
      title: 'Letter',
      description: 'Category: General · Tags: Mail',
      arguments: [
        { name: 'name', description: 'Text', required: true },
        { name: 'topic', description: 'Text of several lines', required: true },
        { name: 'tone', description: 'One of: warm, formal; default warm', required: false },
        { name: 'team', description: 'Text; default Support', required: false },
      ],
    });

    const got = await client.getPrompt({
      name: listed.name,
      arguments: { name: 'Ada', topic: 'the launch' },
    });
    expect(got.description).toBe(listed.title);
    expect(got.messages).toEqual([
      {
        role: 'user',
        content: { type: 'text', text: 'Dear Ada, about the launch in a warm tone.\nBest, Ada from Support' },
      },
    ]);
    await expect(client.getPrompt({ name: listed.name, arguments: { name: 'Ada' } })).rejects.toThrow(
      /Missing or invalid arguments: topic/,
    );
    await expect(client.getPrompt({ name: 'prompt-999999999' })).rejects.toThrow(/No prompt named/);
    const plain = await client.getPrompt({ name: `prompt-${signature.id}`, arguments: { name: 'Lin' } });
    expect(textOf([plain.messages[0]!.content])).toBe('Best, Lin from Support');
    const counted = (await listPrompts(user)).find((prompt) => prompt.id === letter.body.id)!;
    expect(counted.usageCount).toBe(1);
  });

  it('pages prompts/list with a cursor through a large library', async () => {
    const user = await newLibraryUser(gateway.url, 'mcppage');
    await makePro(stack, user);
    const prompts = Array.from({ length: 120 }, (_, n) => ({
      title: `Prompt ${String(n).padStart(3, '0')}`,
      content: `Text number ${n}.`,
      category: null,
    }));
    for (const page of [prompts.slice(0, 60), prompts.slice(60)]) {
      const imported = await user.client.post<ImportResult>('/api/prompts/import', { prompts: page });
      expect(imported.status).toBe(200);
    }
    const client = await connect((await keyFor(user, 'read')).key);
    const titles: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.listPrompts(cursor ? { cursor } : {});
      titles.push(...page.prompts.map((prompt) => prompt.title!));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(titles).toEqual(prompts.map((prompt) => prompt.title));
    await expect(client.listPrompts({ cursor: 'not-a-cursor' })).rejects.toThrow();
  });

  it('offers tools with schemas: search, get, and save for a read-and-write key only', async () => {
    const user = await newLibraryUser(gateway.url, 'mcptools');
    await createPrompt(user, { title: 'Code review', content: 'Review this {{language}} diff.' });
    const reader = await connect((await keyFor(user, 'read')).key);
    const { tools } = await reader.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['get_prompt', 'save_prompt', 'search_prompts']);
    expect(tools.find((tool) => tool.name === 'search_prompts')!.inputSchema).toMatchObject({
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'integer' } },
    });

    const found = JSON.parse(
      textOf((await reader.callTool({ name: 'search_prompts', arguments: { query: 'review' } })).content),
    );
    expect(found).toEqual([
      expect.objectContaining({
        title: 'Code review',
        category: 'General',
        name: expect.stringMatching(/^prompt-\d+$/),
      }),
    ]);
    const whole = JSON.parse(
      textOf((await reader.callTool({ name: 'get_prompt', arguments: { name: found[0].name } })).content),
    );
    expect(whole).toMatchObject({
      text: 'Review this {{language}} diff.',
      blanks: [{ name: 'language', required: true }],
    });

    const unknownCategory = await reader.callTool({
      name: 'search_prompts',
      arguments: { category: 'Nope' },
    });
    expect(unknownCategory.isError).toBe(true);
    expect(textOf(unknownCategory.content)).toBe('There is no category named Nope');
    const inGeneral = await reader.callTool({ name: 'search_prompts', arguments: { category: ' general ' } });
    expect(JSON.parse(textOf(inGeneral.content))).toHaveLength(1);
    // The words to find are one line, as in the dashboard's search box.
    const twoLines = await reader.callTool({
      name: 'search_prompts',
      arguments: { query: 'Code\nreview' },
    });
    expect(twoLines.isError).toBe(true);
    expect(textOf(twoLines.content)).toMatch(/Query must not contain control characters/);

    const refused = await reader.callTool({
      name: 'save_prompt',
      arguments: { title: 'From a client', content: 'Saved over MCP.' },
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused.content)).toMatch(/may only read/);

    const writer = await connect((await keyFor(user, 'write')).key);
    const saved = await writer.callTool({
      name: 'save_prompt',
      arguments: { title: 'From a client', content: 'Saved over MCP.' },
    });
    expect(saved.isError).toBeFalsy();
    expect((await listPrompts(user)).map((prompt) => prompt.title)).toContain('From a client');
    const bad = await writer.callTool({
      name: 'save_prompt',
      arguments: { title: 'x', content: 'Too short title.' },
    });
    expect(bad.isError).toBe(true);
  });

  it('refuses a revoked or expired key and no key, and never shows another user’s prompts', async () => {
    const alice = await newLibraryUser(gateway.url, 'mcpalice');
    const bob = await newLibraryUser(gateway.url, 'mcpbob');
    const secret = await createPrompt(alice, { title: 'Alice only', content: 'Nobody else reads this.' });
    const bobClient = await connect((await keyFor(bob, 'read')).key);
    expect((await bobClient.listPrompts()).prompts).toEqual([]);
    await expect(bobClient.getPrompt({ name: `prompt-${secret.id}` })).rejects.toThrow(/No prompt named/);

    const key = await keyFor(alice, 'read');
    const client = await connect(key.key);
    expect((await client.listPrompts()).prompts).toHaveLength(1);
    await alice.client.send('DELETE', `/api/api-keys/${key.id}`, undefined, {});
    await expect(client.listPrompts()).rejects.toThrow(/401/);

    const expiring = await keyFor(alice, 'read', new Date(Date.now() + 1_500).toISOString());
    const soon = await connect(expiring.key);
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    await expect(soon.listPrompts()).rejects.toThrow(/401/);

    const anonymous = await fetch(`${gateway.url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'prompts/list' }),
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('answers two users’ requests at once, each from their own library, and counts every use', async () => {
    const users = await Promise.all(['mcpmixa', 'mcpmixb'].map((name) => newLibraryUser(gateway.url, name)));
    const prompts = await Promise.all(
      users.map((user, index) =>
        createPrompt(user, { title: `Own ${index}`, content: `Only for user ${index}: {{word}}` }),
      ),
    );
    const keys = await Promise.all(users.map((user) => keyFor(user, 'read')));
    // The servers a replica keeps are shared by all its requests: many at once, of both users,
    // interleaved, must each be answered for their own key.
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, turn) => {
        const index = turn % 2;
        const response = await fetch(`${gateway.url}/mcp`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${keys[index]!.key}`,
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: turn,
            method: 'prompts/get',
            params: { name: `prompt-${prompts[index]!.id}`, arguments: { word: String(turn) } },
          }),
        });
        const body = (await response.json()) as { result?: { messages: { content: TextContent }[] } };
        return { index, turn, text: body.result?.messages[0]?.content.text };
      }),
    );
    for (const { index, turn, text } of answers) expect(text).toBe(`Only for user ${index}: ${turn}`);
    const other = await fetch(`${gateway.url}/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${keys[1]!.key}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'prompts/get',
        params: { name: `prompt-${prompts[0]!.id}`, arguments: { word: 'x' } },
      }),
    });
    expect(JSON.stringify(await other.json())).toMatch(/No prompt named/);
    for (const [index, user] of users.entries()) {
      const [listed] = await listPrompts(user);
      expect({ user: index, uses: listed!.usageCount }).toEqual({ user: index, uses: 20 });
    }
  });

  it('tells a connected client when the prompt list changed, from any replica', async () => {
    const user = await newLibraryUser(gateway.url, 'mcplive');
    // Pro: room for as many prompts as it takes.
    await makePro(stack, user);
    // Each request, the notifications' stream among them, goes to the replicas in turn.
    const client = await connect((await keyFor(user, 'read')).key, [gateway, second]);
    let heard = 0;
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
      heard += 1;
    });
    // The client opens its stream once connected, without waiting: prompts are made until it hears.
    const made: Prompt[] = [];
    const first = await eventually(
      async () => {
        made.push(await createPrompt(user, { title: `Made ${made.length}`, content: 'Listed at once.' }));
        await new Promise((resolve) => setTimeout(resolve, 300));
        return heard;
      },
      (count) => count > 0,
    );
    expect(first).toBeGreaterThan(0);
    expect((await client.listPrompts()).prompts).toHaveLength(made.length);

    const before = heard;
    expect((await user.client.send('DELETE', `/api/prompts/${made[0]!.id}`, undefined, {})).status).toBe(200);
    expect(
      await eventually(
        async () => heard,
        (count) => count > before,
      ),
    ).toBeGreaterThan(before);
    expect((await client.listPrompts()).prompts).toHaveLength(made.length - 1);
  });

  it('answers malformed JSON-RPC below 500', async () => {
    const user = await newLibraryUser(gateway.url, 'mcpbad');
    const key = await keyFor(user, 'read');
    const bodies = [
      '{',
      '[]',
      '{"jsonrpc":"2.0"}',
      '{"jsonrpc":"2.0","id":1,"method":"prompts/get","params":{}}',
      'null',
      '"x"',
    ];
    for (const body of bodies) {
      const response = await fetch(`${gateway.url}/mcp`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${key.key}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body,
      });
      expect({ body, status: response.status < 500 }).toEqual({ body, status: true });
    }
  });
});
