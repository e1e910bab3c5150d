import { describe, expect, it } from 'vitest';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServerPool } from './mcp-server-pool';

describe('McpServerPool', () => {
  const pool = (maxIdle = 4) => {
    const built: McpServer[] = [];
    const servers = new McpServerPool(() => {
      const server = new McpServer({ name: 'test', version: '1' });
      built.push(server);
      return server;
    }, maxIdle);
    return { servers, built };
  };
  const transport = () => InMemoryTransport.createLinkedPair()[1];

  it('builds a server for the first request and gives it to the next once the first is closed', async () => {
    const { servers, built } = pool();
    const first = transport();
    const server = await servers.connect(first);
    await first.close();
    expect(servers.idleCount).toBe(1);
    expect(await servers.connect(transport())).toBe(server);
    expect(built).toHaveLength(1);
  });

  it('builds one server per request answered at the same time', async () => {
    const { servers, built } = pool();
    const [a, b] = [transport(), transport()];
    const [first, second] = [await servers.connect(a), await servers.connect(b)];
    expect(first).not.toBe(second);
    expect(built).toHaveLength(2);
    await a.close();
    await b.close();
    expect(servers.idleCount).toBe(2);
  });

  it('lets a transport that reports its close twice neither return its server twice nor cut off the next request', async () => {
    const { servers } = pool();
    const first = transport();
    const server = await servers.connect(first);
    const reportClose = first.onclose!;
    reportClose();
    const next = transport();
    expect(await servers.connect(next)).toBe(server);
    reportClose();
    expect(servers.idleCount).toBe(0);
    expect(server.server.transport).toBe(next);
  });

  it('keeps no more idle servers than it was told', async () => {
    const { servers } = pool(1);
    const open = [transport(), transport(), transport()];
    for (const each of open) await servers.connect(each);
    for (const each of open) await each.close();
    expect(servers.idleCount).toBe(1);
  });
});
