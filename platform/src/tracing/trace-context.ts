import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
  type Context,
  type Link,
  type Span,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import type { MsgHdrs } from 'nats';

// Only the API here: with no tracer provider registered (OTEL_EXPORTER_OTLP_ENDPOINT unset) every
// call below is a no-op that allocates next to nothing. start-tracing.ts registers the SDK.
const tracer = trace.getTracer('@promptlib/platform');

export const TRACEPARENT_HEADER = 'traceparent';

const natsHeadersSetter: TextMapSetter<MsgHdrs> = {
  set: (carrier, key, value) => carrier.set(key, value),
};

const natsHeadersGetter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (carrier) => (carrier ? carrier.keys() : []),
  // MsgHdrs.get answers '' for a header that is absent; the propagator must see it as missing.
  get: (carrier, key) => carrier?.get(key) || undefined,
};

/** Writes the current trace context (`traceparent`, `tracestate`) into a NATS message's headers. */
export function injectTraceContext(headers: MsgHdrs, from: Context = context.active()): void {
  propagation.inject(from, headers, natsHeadersSetter);
}

/** The trace context a NATS message carries; the root context (a new trace) when it carries none. */
export function extractTraceContext(headers: MsgHdrs | undefined): Context {
  return propagation.extract(ROOT_CONTEXT, headers, natsHeadersGetter);
}

/**
 * The current context as a W3C `traceparent`, to keep beside data that is acted on later (an
 * outbox row published after its commit); null when no trace is being recorded.
 */
export function currentTraceparent(): string | null {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier[TRACEPARENT_HEADER] ?? null;
}

/** The context a stored `traceparent` stands for, the root context when there is none. */
export function contextOfTraceparent(traceparent: string | null | undefined): Context {
  if (!traceparent) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, { [TRACEPARENT_HEADER]: traceparent });
}

/** What a span of a NATS message records of it: the messaging system and the subject (un-namespaced). */
export function natsSpanAttributes(subject: string): Record<string, string> {
  return { 'messaging.system': 'nats', 'messaging.destination.name': subject };
}

export type SpanOptions = {
  kind: SpanKind;
  attributes?: Record<string, string | number | boolean>;
  /** The parent; the active context when not given. */
  parent?: Context;
  links?: Link[];
};

/**
 * Runs `work` in a span of its own (made current for everything it awaits), ends the span when the
 * work settles, and marks it failed when the work throws.
 */
export async function inSpan<T>(
  name: string,
  options: SpanOptions,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = tracer.startSpan(
    name,
    { kind: options.kind, attributes: options.attributes, links: options.links },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    throw error;
  } finally {
    span.end();
  }
}

/** The link to the span a context holds, for work done later on its behalf; none for a root context. */
export function linksTo(parent: Context): Link[] {
  const spanContext = trace.getSpanContext(parent);
  return spanContext ? [{ context: spanContext }] : [];
}

/** Renames the span being recorded (a request's, once its route is known) and adds to its attributes. */
export function describeActiveSpan(
  name: string,
  attributes: Record<string, string | number | boolean>,
): void {
  const span = trace.getActiveSpan();
  if (!span) return;
  span.updateName(name);
  span.setAttributes(attributes);
}

/** `trace_id` and `span_id` of the span being recorded, for a log line; nothing outside a trace. */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  // A span that is not sampled has ids no backend will ever hold.
  if ((traceFlags & 1) === 0) return {};
  return { trace_id: traceId, span_id: spanId };
}

let flushTraces: () => Promise<void> = () => Promise.resolve();

/** What start-tracing registers: sends the spans still in memory, for a process about to exit. */
export function onTracesFlush(flush: () => Promise<void>): void {
  flushTraces = flush;
}

// A collector that is away must not hold a shutdown past its grace period (the exporter itself
// would wait 10 s for it).
const FLUSH_TIMEOUT_MS = 2_000;

/** Sends the spans still buffered, giving up after 2 s: losing them beats a shutdown that overruns. */
export async function flushPendingTraces(): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FLUSH_TIMEOUT_MS);
    timer.unref();
  });
  try {
    await Promise.race([flushTraces().catch(() => undefined), gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}

export { SpanKind };
