import type { registerTracing } from './tracing-sdk';

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
  // Required only here: the SDK, its exporter and instrumentations take about a fifth of an app's
  // start (0.3 s of CPU), which a process that sends no traces should not pay. Synchronously, so
  // that the instrumentations are in place before main.ts requires http, pg and ioredis.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sdk = require('./tracing-sdk') as { registerTracing: typeof registerTracing };
  sdk.registerTracing(app);
}
