import { eventually } from '@promptlib/platform/testing';
import type { GoogleSignInResponse } from '@promptlib/proto';
import { startGoogleSandbox, type RunningGoogleSandbox } from '@promptlib/sandboxes';
import { randomBytes } from 'node:crypto';
import { ApiClient } from '../support/api-client';
import { pay } from '../support/billing-api';
import { createPrompt, newLibraryUser, type LibraryUser } from '../support/library-api';
import { SpanKinds, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';
import { startStack, type Gateway, type Stack } from '../support/stack';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const GOOGLE_CLIENT_ID = 'promptlib-tracing-client';

describe('traces across every hop', () => {
  let receiver: OtlpReceiver;
  let google: RunningGoogleSandbox;
  let stack: Stack;
  let gateway: Gateway;
  let user: LibraryUser;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    // Each process exports what it recorded every 100 ms instead of every 5 s.
    const tracing = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100' };
    google = await startGoogleSandbox({ clientId: GOOGLE_CLIENT_ID });
    stack = await startStack('tracing', ['auth', 'library', 'sharing'], {
      services: {
        ...tracing,
        GOOGLE_CLIENT_ID,
        GOOGLE_ISSUER: google.issuer,
        GOOGLE_JWKS_URL: google.jwksUrl,
      },
      // The request log is written at info.
      gateway: { ...tracing, LOG_LEVEL: 'info', GOOGLE_CLIENT_ID, GOOGLE_AUTH_URL: google.authorizationUrl },
    });
    gateway = await stack.startGateway();
    // Stripe's webhooks come to the gateway, as to the public URL.
    await stack.startStripe(`${gateway.url}/api/webhooks/stripe`);
    await stack.startService('billing');
    user = await newLibraryUser(gateway.url, 'traced');
  }, 270_000);

  afterAll(async () => {
    await stack?.stop();
    await receiver?.close();
    await google?.close();
  }, 90_000);

  /** Sends a request as part of the caller's trace `traceId`, as a browser or proxy with tracing would. */
  const sendInTrace = (traceId: string, callerSpanId: string, method: string, path: string, body: unknown) =>
    fetch(`${gateway.url}${path}`, {
      method,
      headers: {
        Origin: gateway.url,
        Cookie: user.client.sessionCookie ?? '',
        'Content-Type': 'application/json',
        traceparent: `00-${traceId}-${callerSpanId}-01`,
      },
      body: JSON.stringify(body),
    });

  const spansOf = (traceId: string) => receiver.spans().filter((span) => span.traceId === traceId);
  const find = (spans: ReceivedSpan[], wanted: Partial<ReceivedSpan>) =>
    spans.find((span) =>
      Object.entries(wanted).every(([key, value]) => span[key as keyof ReceivedSpan] === value),
    );
  const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan | undefined) =>
    spans.filter((span) => parent !== undefined && span.parentSpanId === parent.spanId);

  it('follows a prompt edit from the gateway over NATS into library, its queries, and the sharing consumer', async () => {
    const prompt = await createPrompt(user, { title: 'Traced', content: 'Before the edit' });
    const traceId = hex(16);
    const callerSpanId = hex(8);
    const edited = await sendInTrace(traceId, callerSpanId, 'PATCH', `/api/prompts/${prompt.id}`, {
      title: 'Traced',
      content: 'After the edit',
      categoryId: null,
    });
    expect(edited.status).toBe(200);
    const consumed = (spans: ReceivedSpan[]) =>
      find(spans, { service: 'sharing', kind: SpanKinds.consumer, name: 'process events.prompt.updated' });
    const spans = await eventually(
      async () => spansOf(traceId),
      // Each process sends its spans on its own schedule: wait for the last of each kind.
      (spans) =>
        consumed(spans) !== undefined &&
        find(spans, { service: 'gateway', kind: SpanKinds.server }) !== undefined &&
        find(spans, { service: 'library', kind: SpanKinds.server }) !== undefined &&
        find(spans, { service: 'library', kind: SpanKinds.producer }) !== undefined &&
        spans.some(
          (span) => span.service === 'library' && span.attributes['db.system.name'] === 'postgresql',
        ),
      20_000,
    );

    // The gateway continues the caller's trace, in a span named by the route.
    const request = find(spans, { service: 'gateway', kind: SpanKinds.server, parentSpanId: callerSpanId });
    expect(request?.name).toBe('PATCH /api/prompts/:id');
    expect(request?.attributes['http.route']).toBe('/api/prompts/:id');
    // Its call over NATS, and library's handling of that call, as the call's child.
    const call = childrenOf(spans, request).find(
      (span) => span.kind === SpanKinds.client && span.name.startsWith('send library.'),
    );
    expect(call).toBeDefined();
    const handling = childrenOf(spans, call).find(
      (span) => span.service === 'library' && span.kind === SpanKinds.server,
    );
    expect(handling?.name).toBe(call?.name.replace('send ', ''));
    // library's Postgres statements, within its handling.
    const libraryQueries = spans.filter(
      (span) => span.service === 'library' && span.attributes['db.system.name'] === 'postgresql',
    );
    expect(libraryQueries.length).toBeGreaterThan(0);
    expect(libraryQueries.some((query) => query.parentSpanId === handling?.spanId)).toBe(true);
    // The event the edit wrote is published in the trace, and sharing's handling of it joins it,
    // linked to the span that published it.
    const published = find(spans, {
      service: 'library',
      kind: SpanKinds.producer,
      name: 'publish events.prompt.updated',
    });
    expect(published).toBeDefined();
    const consumer = consumed(spans);
    expect(consumer?.parentSpanId).toBe(published?.spanId);
    expect(consumer?.links).toEqual([expect.objectContaining({ traceId, spanId: published?.spanId })]);
    // The session's Redis reads are in the trace, without their keys (a session id is one).
    expect(
      spans.some((span) => span.service === 'gateway' && span.attributes['db.system.name'] === 'redis'),
    ).toBe(true);
    // No span holds a secret or the prompt's text: the cookie, the statements' values, the path's id.
    const signed = decodeURIComponent((user.client.sessionCookie ?? '').split('=')[1] ?? '');
    const sessionId = signed.slice('s:'.length, signed.lastIndexOf('.'));
    expect(sessionId).toHaveLength(32);
    const recorded = JSON.stringify(spans.map((span) => span.attributes));
    expect(recorded).not.toContain(sessionId);
    expect(recorded).not.toContain('After the edit');
    expect(request?.attributes['url.path']).toBe('/api/prompts/:id');
    // Nothing of this trace was recorded by a process that was not part of it.
    expect(new Set(spans.map((span) => span.service))).toEqual(new Set(['gateway', 'library', 'sharing']));
  });

  it("follows a checkout into billing and its Stripe calls, and Stripe's webhook through the job queue", async () => {
    const traceId = hex(16);
    const checkout = await sendInTrace(traceId, hex(8), 'POST', '/api/create-subscription', {
      priceId: 'price_pro_monthly',
    });
    expect(checkout.status).toBe(200);
    const { url } = (await checkout.json()) as { url: string };
    // The calls to Stripe's API (the sandbox here) that billing made while handling the request.
    const stripeCalls = (spans: ReceivedSpan[]) =>
      spans
        .filter(
          (span) =>
            span.service === 'billing' && span.kind === SpanKinds.client && span.attributes['url.full'],
        )
        .map(
          (span) =>
            `${span.attributes['http.request.method']} ${new URL(String(span.attributes['url.full'])).pathname}`,
        );
    const spans = await eventually(
      async () => spansOf(traceId),
      // The handler's own span ends after its calls, and may come in a later export.
      (found) =>
        stripeCalls(found).includes('POST /v1/checkout/sessions') &&
        find(found, { service: 'billing', kind: SpanKinds.server }) !== undefined,
      20_000,
    );
    const handling = find(spans, { service: 'billing', kind: SpanKinds.server });
    expect(handling?.name).toMatch(/^billing\./);
    expect(stripeCalls(spans)).toEqual(
      expect.arrayContaining(['POST /v1/customers', 'POST /v1/checkout/sessions']),
    );

    // Stripe's webhook brings no trace: the gateway starts one, which follows the event into the
    // queue and the job that applies it, with the job's queries.
    await pay(stack, new URL(url).pathname.split('/').pop()!);
    const applied = await eventually(
      async () => {
        const webhooks = receiver.spans().filter((span) => span.name === 'POST /api/webhooks/stripe');
        return webhooks.map((webhook) => spansOf(webhook.traceId));
      },
      (traces) =>
        traces.some((trace) =>
          trace.some(
            (span) =>
              span.service === 'billing' &&
              span.kind === SpanKinds.consumer &&
              trace.some((queued) => queued.service === 'billing' && queued.kind === SpanKinds.producer) &&
              trace.some(
                (command) =>
                  command.service === 'billing' && command.attributes['db.system.name'] === 'redis',
              ) &&
              trace.some(
                (query) =>
                  query.parentSpanId === span.spanId && query.attributes['db.system.name'] === 'postgresql',
              ),
          ),
        ),
      20_000,
    );
    const trace = applied.find((spans) => spans.some((span) => span.kind === SpanKinds.consumer)) ?? [];
    const queued = trace.find((span) => span.service === 'billing' && span.kind === SpanKinds.producer);
    const job = trace.find((span) => span.service === 'billing' && span.kind === SpanKinds.consumer);
    expect(queued).toBeDefined();
    expect(job?.name).toContain('stripe-events');
    // The queue's Redis commands are in the trace too.
    expect(
      trace.some((span) => span.service === 'billing' && span.attributes['db.system.name'] === 'redis'),
    ).toBe(true);
  });

  it('writes the trace id into the log line of the request', async () => {
    const traceId = hex(16);
    const response = await sendInTrace(traceId, hex(8), 'POST', '/api/prompts', {
      title: 'Logged',
      content: 'In the log',
      categoryId: null,
    });
    expect(response.status).toBe(201);
    const line = await eventually(
      async () =>
        gateway
          .output()
          .split('\n')
          .find((entry) => entry.includes('"request completed"') && entry.includes(traceId)),
      (found) => found !== undefined,
    );
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      trace_id: traceId,
      req: { method: 'POST', url: '/api/prompts', id: response.headers.get('x-request-id') },
    });
  });

  it('starts a trace of its own for a request that brings none', async () => {
    const before = new Set(receiver.spans().map((span) => span.traceId));
    const response = await user.client.get('/api/categories');
    expect(response.status).toBe(200);
    const requests = await eventually(
      async () =>
        receiver.spans().filter((span) => span.name === 'GET /api/categories' && !before.has(span.traceId)),
      (found) => found.length > 0,
    );
    expect(requests[0]).toMatchObject({ service: 'gateway', kind: SpanKinds.server, parentSpanId: '' });
  });

  it('follows a Google sign-in into auth and its read of Google’s signing keys (fetch)', async () => {
    const traceId = hex(16);
    const client = new ApiClient(gateway.url);
    const identity = { sub: `sub-${hex(4)}`, email: `${hex(4)}@example.com`, name: 'Traced Person' };
    const { nonce } = (await client.post<{ nonce: string }>('/api/google-auth/nonce')).body;
    const signedIn = await client.post<GoogleSignInResponse>(
      '/api/google-auth',
      {
        googleId: identity.sub,
        displayName: identity.name,
        email: identity.email,
        photoURL: null,
        idToken: await google.signIdToken(identity, { nonce }),
      },
      { headers: { traceparent: `00-${traceId}-${hex(8)}-01` } },
    );
    expect(signedIn.status).toBe(200);

    const keysUrl = new URL(google.jwksUrl);
    // auth's handler span ends after its read of the keys, and can come in a later export.
    const spans = await eventually(
      async () => spansOf(traceId),
      (found) =>
        found.some((span) => span.attributes['url.full'] === keysUrl.href) &&
        find(found, { service: 'auth', kind: SpanKinds.server }) !== undefined,
      20_000,
    );
    const handling = find(spans, { service: 'auth', kind: SpanKinds.server });
    expect(handling?.name).toMatch(/auth\.users\.googleSignIn$/);
    const keysRead = spans.find(
      (span) =>
        span.service === 'auth' &&
        span.kind === SpanKinds.client &&
        span.attributes['url.full'] === keysUrl.href,
    );
    expect(keysRead).toMatchObject({ attributes: { 'http.request.method': 'GET' } });
    // Within the sign-in's handling, in the caller's trace.
    const ancestors = new Set<string>();
    for (let span = keysRead; span; span = spans.find((each) => each.spanId === span?.parentSpanId)) {
      ancestors.add(span.spanId);
    }
    expect(ancestors.has(handling!.spanId)).toBe(true);
  });
});
