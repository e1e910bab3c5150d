import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROOT_CONTEXT, SpanKind, TraceFlags, context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { headers } from 'nats';
import pino from 'pino';
import { Writable } from 'node:stream';
import type { EntityManager } from 'typeorm';
import { loggerOptions } from '../logging/logger';
import { writeOutbox } from '../outbox/write-outbox';
import {
  contextOfTraceparent,
  currentTraceparent,
  extractTraceContext,
  flushPendingTraces,
  inSpan,
  injectTraceContext,
  onTracesFlush,
  linksTo,
  traceFields,
} from './trace-context';
import { tracingRequested } from './start-tracing';
import { redisCommandOnly } from './tracing-sdk';

/** A logger like every process's, writing its lines here. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino(loggerOptions('test', 'info'), destination), lines };
}

describe('tracingRequested', () => {
  it('asks for traces only with an http(s) endpoint', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://collector:4318' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otlp.example.com' })).toBe(true);
  });
});

describe('redisCommandOnly', () => {
  it("records a Redis command's name and how many arguments it had, never the keys or values", () => {
    expect(redisCommandOnly('getex', ['promptlib:sess:secret-session-id', 'PX', 1000])).toBe(
      'getex [3 arguments]',
    );
    expect(redisCommandOnly('ping', [])).toBe('ping [0 arguments]');
  });
});

describe('trace context with no tracer provider (tracing off)', () => {
  it('records nothing, carries nothing and logs no ids', async () => {
    const messageHeaders = headers();
    await inSpan('work', { kind: SpanKind.INTERNAL }, async () => {
      injectTraceContext(messageHeaders);
      expect(currentTraceparent()).toBeNull();
      expect(traceFields()).toEqual({});
    });
    expect(messageHeaders.has('traceparent')).toBe(false);
    const { logger, lines } = capturedLogger();
    logger.info('plain');
    expect(lines[0]).not.toHaveProperty('trace_id');
  });
});

describe('trace context with a tracer provider', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

  beforeAll(() => provider.register());
  afterEach(() => exporter.reset());
  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  });

  const finished = (name: string) => exporter.getFinishedSpans().find((span) => span.name === name);

  it('carries the trace in NATS headers: the receiving side continues it', async () => {
    const messageHeaders = headers();
    await inSpan('send library.prompts.update', { kind: SpanKind.CLIENT }, async () => {
      injectTraceContext(messageHeaders);
    });
    const sender = finished('send library.prompts.update');
    expect(messageHeaders.get('traceparent')).toBe(
      `00-${sender?.spanContext().traceId}-${sender?.spanContext().spanId}-01`,
    );

    await inSpan(
      'library.prompts.update',
      { kind: SpanKind.SERVER, parent: extractTraceContext(messageHeaders) },
      async () => undefined,
    );
    const receiver = finished('library.prompts.update');
    expect(receiver?.spanContext().traceId).toBe(sender?.spanContext().traceId);
    expect(receiver?.parentSpanContext?.spanId).toBe(sender?.spanContext().spanId);
  });

  it('starts a new trace for a message that carries none, or a broken one', async () => {
    expect(trace.getSpanContext(extractTraceContext(headers()))).toBeUndefined();
    expect(trace.getSpanContext(extractTraceContext(undefined))).toBeUndefined();
    const broken = headers();
    broken.set('traceparent', '00-not-a-trace-01');
    expect(trace.getSpanContext(extractTraceContext(broken))).toBeUndefined();
    expect(linksTo(extractTraceContext(broken))).toEqual([]);
  });

  it('keeps a trace beside data as a traceparent, and resumes it from there', async () => {
    let stored: string | null = null;
    await inSpan('edit', { kind: SpanKind.INTERNAL }, async () => {
      stored = currentTraceparent();
    });
    const edit = finished('edit');
    expect(stored).toBe(`00-${edit?.spanContext().traceId}-${edit?.spanContext().spanId}-01`);

    const resumed = contextOfTraceparent(stored);
    expect(trace.getSpanContext(resumed)?.traceId).toBe(edit?.spanContext().traceId);
    expect(linksTo(resumed)).toEqual([
      { context: expect.objectContaining({ spanId: edit?.spanContext().spanId }) },
    ]);
    expect(contextOfTraceparent(null)).toBe(ROOT_CONTEXT);
    expect(trace.getSpanContext(contextOfTraceparent('garbage'))).toBeUndefined();
  });

  it('keeps the trace of the change that wrote an event in its outbox row, for its consumers', async () => {
    const insert = vi.fn().mockResolvedValue(undefined);
    const manager = { queryRunner: { isTransactionActive: true }, insert } as unknown as EntityManager;
    await inSpan('auth.users.register', { kind: SpanKind.SERVER }, () =>
      writeOutbox(manager, 'events.user.registered', { userId: 1, username: 'alice' }),
    );
    const change = finished('auth.users.register')?.spanContext();
    expect(insert.mock.calls[0][1]).toMatchObject({
      traceContext: `00-${change?.traceId}-${change?.spanId}-01`,
    });
  });

  it('makes the span current for everything the work awaits, and ends it', async () => {
    await inSpan('outer', { kind: SpanKind.SERVER }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await inSpan('inner', { kind: SpanKind.INTERNAL }, async () => undefined);
    });
    expect(finished('inner')?.parentSpanContext?.spanId).toBe(finished('outer')?.spanContext().spanId);
    expect(finished('outer')?.ended).toBe(true);
  });

  it('marks a span whose work throws as failed, and passes the error on', async () => {
    await expect(
      inSpan('failing', { kind: SpanKind.CONSUMER }, async () => {
        throw new Error('handler broke');
      }),
    ).rejects.toThrow('handler broke');
    const failing = finished('failing');
    expect(failing?.status).toEqual({ code: 2, message: 'handler broke' });
    expect(failing?.events.map((event) => event.name)).toEqual(['exception']);
  });

  it('writes the trace id and span id into every log line within a trace, and none outside', async () => {
    const { logger, lines } = capturedLogger();
    await inSpan('logged', { kind: SpanKind.SERVER }, async () => {
      logger.info('inside');
      logger.child({ component: 'x' }).warn('inside, from a child');
    });
    logger.info('outside');
    const logged = finished('logged')?.spanContext();
    expect(lines[0]).toMatchObject({ trace_id: logged?.traceId, span_id: logged?.spanId, msg: 'inside' });
    expect(lines[1]).toMatchObject({ trace_id: logged?.traceId, component: 'x' });
    expect(lines[2]).not.toHaveProperty('trace_id');
  });

  it('logs no ids of a trace that is not sampled (no backend will hold it)', () => {
    const unsampled = trace.wrapSpanContext({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: TraceFlags.NONE,
    });
    context.with(trace.setSpan(ROOT_CONTEXT, unsampled), () => expect(traceFields()).toEqual({}));
  });
});

describe('flushPendingTraces', () => {
  afterEach(() => {
    onTracesFlush(() => Promise.resolve());
    vi.useRealTimers();
  });

  it('waits for the spans to be sent', async () => {
    let sent = false;
    onTracesFlush(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      sent = true;
    });
    await flushPendingTraces();
    expect(sent).toBe(true);
  });

  it('gives up after 2 s on a collector that does not answer, and on one that fails', async () => {
    vi.useFakeTimers();
    onTracesFlush(() => new Promise(() => undefined));
    let done = false;
    const flushing = flushPendingTraces().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await flushing;
    expect(done).toBe(true);
    onTracesFlush(() => Promise.reject(new Error('collector refused')));
    await expect(flushPendingTraces()).resolves.toBeUndefined();
  });
});
