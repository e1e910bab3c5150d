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

export const OTLP_ENDPOINT_VARIABLE = 'OTEL_EXPORTER_OTLP_ENDPOINT';

/** Whether the environment asks for traces: an OTLP endpoint that is an http(s) URL. */
export function tracingRequested(env: NodeJS.ProcessEnv): boolean {
  const endpoint = env[OTLP_ENDPOINT_VARIABLE];
  if (!endpoint) return false;
  // A malformed value is refused by the process's config, with the other settings' errors.
  return URL.canParse(endpoint) && /^https?:$/.test(new URL(endpoint).protocol);
}

/**
 * Records this process's traces and sends them over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT, when
 * it is set; does nothing when it is not. Call it first of all, before the rest of the app is
 * required (an app's `tracing.ts`, main.ts's first import): the instrumentations of `http`, `pg`
 * and `ioredis` patch those modules as they are loaded. The SDK reads the other OTEL_* variables
 * itself (OTEL_BSP_SCHEDULE_DELAY, OTEL_TRACES_SAMPLER, OTEL_EXPORTER_OTLP_HEADERS…).
 */
export function startTracing(app: string, env: NodeJS.ProcessEnv = process.env): void {
  if (!tracingRequested(env)) return;
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
