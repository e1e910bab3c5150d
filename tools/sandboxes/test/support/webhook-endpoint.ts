import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { body: string; signature: string };

export type WebhookEndpoint = {
  server: Server;
  url: string;
  received: Received[];
  failNext: (n: number) => void;
};

/** A webhook endpoint that keeps the bytes it got and can be told to fail the next few calls. */
export async function startWebhookEndpoint(): Promise<WebhookEndpoint> {
  const received: Received[] = [];
  let failures = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (failures > 0) {
        failures -= 1;
        return void res.writeHead(500).end('not now');
      }
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature']),
      });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}/api/webhooks/stripe`,
    received,
    failNext: (n) => (failures = n),
  };
}
