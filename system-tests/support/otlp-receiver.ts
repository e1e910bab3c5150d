import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** OTLP's span kinds, as numbers in its JSON encoding. */
export const SpanKinds = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 } as const;

export type ReceivedSpan = {
  /** The `service.name` of the process that sent it. */
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  links: { traceId: string; spanId: string }[];
};

export type OtlpReceiver = {
  /** What the processes are given as OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  spans: () => ReceivedSpan[];
  close: () => Promise<void>;
};

type AnyValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
};
type KeyValue = { key: string; value: AnyValue };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: KeyValue[];
  links?: { traceId: string; spanId: string }[];
};
type ExportRequest = {
  resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { spans?: OtlpSpan[] }[] }[];
};

const valueOf = (value: AnyValue): unknown =>
  value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue;

const attributesOf = (pairs: KeyValue[] = []): Record<string, unknown> =>
  Object.fromEntries(pairs.map(({ key, value }) => [key, valueOf(value)]));

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

/**
 * A collector in the test's process: answers OTLP/HTTP trace exports in JSON (what
 * `@opentelemetry/exporter-trace-otlp-http` sends) at `/v1/traces` and keeps every span. Anything
 * else it is sent (protobuf, another path) is refused with 415 or 404 and fails the test that reads it.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: ReceivedSpan[] = [];
  const refused: string[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        refused.push(`${request.method} ${request.url}`);
        response.writeHead(404).end();
        return;
      }
      if (!String(request.headers['content-type']).startsWith('application/json')) {
        refused.push(`content-type ${request.headers['content-type']}`);
        response.writeHead(415).end();
        return;
      }
      const exported = JSON.parse((await bodyOf(request)).toString('utf8')) as ExportRequest;
      for (const { resource, scopeSpans = [] } of exported.resourceSpans ?? []) {
        const service = String(attributesOf(resource?.attributes)['service.name']);
        for (const span of scopeSpans.flatMap((scope) => scope.spans ?? [])) {
          received.push({
            service,
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId ?? '',
            name: span.name,
            kind: span.kind,
            attributes: attributesOf(span.attributes),
            links: span.links ?? [],
          });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => {
      if (refused.length > 0) throw new Error(`The receiver refused exports: ${refused.join(', ')}`);
      return [...received];
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
