import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { onTracesFlush } from './trace-context';

/** What a Redis command's span records of it: its name and how many arguments it had, never them. */
export function redisCommandOnly(command: string, args: unknown[]): string {
  return `${command} [${args.length} arguments]`;
}

/** The OpenTelemetry SDK for this process, registered with our instrumentations (see startTracing). */
export function registerTracing(app: string): void {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: app }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // The context manager (AsyncLocalStorage) and the W3C trace-context propagator, for everything.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes every few seconds would bury the requests people make.
        ignoreIncomingRequestHook: (request) =>
          /^\/(health|metrics|api\/health|api\/ready)/.test(request.url ?? ''),
        // An outgoing call outside any request (a background poll) starts no trace of its own.
        requireParentforOutgoingSpans: true,
      }),
      // Background loops (the outbox relay's poll, BullMQ's blocking reads) query every second:
      // only statements made on behalf of a traced request or event are recorded.
      new PgInstrumentation({ requireParentSpan: true }),
      // A command's name only: our keys carry session ids and API key hashes, which a trace
      // backend must never hold.
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: redisCommandOnly }),
      // fetch(), which Node runs on undici rather than http: auth's read of Google's signing keys.
      new UndiciInstrumentation({ requireParentforSpans: true }),
    ],
  });
  onTracesFlush(() => provider.forceFlush());
}
