import { createServer, type Server } from 'node:net';
import { PrivateNatsServer } from '../testing/private-nats-server';

describe('a server of a test’s own', () => {
  let squatter: Server;
  let server: PrivateNatsServer;

  beforeAll(async () => {
    const binary = PrivateNatsServer.binary();
    if (!binary) throw new Error('nats-server is not installed');
    server = await PrivateNatsServer.create(binary);
    // It hangs up on whoever calls (the start's probe), so it can close at the end.
    squatter = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => squatter.listen(server.port, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await server.remove();
    await new Promise((resolve) => squatter.close(resolve));
  });

  it('that cannot start fails the start at once, with what it wrote, instead of waiting out the timeout', async () => {
    const startedAt = Date.now();
    await expect(server.start()).rejects.toThrow(
      /exited .* before it accepted connections:[\s\S]*address already in use/i,
    );
    expect(Date.now() - startedAt).toBeLessThan(30_000);
  });
});
