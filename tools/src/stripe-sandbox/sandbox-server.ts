import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StripeApiError, missing } from './api-error';
import { API_VERSION } from './api-version';
import { checkoutPage, closedPage } from './checkout-page';
import { CheckoutSessions } from './checkout-sessions';
import { Customers } from './customers';
import { FormBodyError, parseFormBody, type FormFields } from './form-body';
import { IdempotencyKeys } from './idempotency';
import { newId } from './ids';
import { SANDBOX_PRICES } from './prices';
import { Subscriptions } from './subscriptions';
import { PaymentOutcomes } from './payments';
import { loadState, saveState } from './state-file';
import { WebhookSender, type Delivery, type EventRule, type WebhookOptions } from './webhooks';

export type StripeSandboxOptions = {
  /** The secret key clients must send (`Authorization: Bearer <key>`). */
  secretKey: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Where browsers reach the hosted checkout page, when not at the API's own address. */
  publicUrl?: string;
  /** Where and how events are sent. */
  webhooks: WebhookOptions;
  /** A file the objects are kept in, so a restart finds them again; in memory only without one. */
  stateFile?: string;
};

export type RunningStripeSandbox = {
  /** Where the API answers, e.g. http://127.0.0.1:41234 (the SDK's host, port and protocol). */
  url: string;
  port: number;
  /** Every event so far, in the order it was made, with how its delivery went. */
  deliveries(): readonly Delivery[];
  close(): Promise<void>;
};

type Route = { method: string; pattern: RegExp; answer: (match: string[], params: FormFields) => unknown };

/**
 * A local stand-in for the part of Stripe's HTTP API billing calls, for development and tests: the
 * official SDK pointed at it (host, port, protocol) cannot tell it from Stripe. State lives in
 * memory. It never runs in production.
 */
export async function startStripeSandbox(options: StripeSandboxOptions): Promise<RunningStripeSandbox> {
  if (process.env.NODE_ENV === 'production') throw new Error('The Stripe sandbox never runs in production.');
  const webhooks = new WebhookSender(options.webhooks);
  const emit = webhooks.send.bind(webhooks);
  const payments = new PaymentOutcomes();
  const customers = new Customers();
  const subscriptions = new Subscriptions(emit, payments);
  const idempotency = new IdempotencyKeys();
  const prices = new Map(SANDBOX_PRICES.map((price) => [price.id, price]));

  const routes: Route[] = [
    { method: 'POST', pattern: /^\/v1\/customers$/, answer: (_match, params) => customers.create(params) },
    { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, answer: ([id]) => customers.retrieve(id) },
    {
      method: 'GET',
      pattern: /^\/v1\/prices\/([^/]+)$/,
      answer: ([id]) => {
        const price = prices.get(id);
        if (!price) throw missing('price', id);
        return price;
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions$/,
      answer: (_match, params) => checkouts.create(params),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      answer: ([id]) => checkouts.retrieve(id),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      answer: ([id]) => subscriptions.retrieve(id),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      answer: ([id], params) => subscriptions.update(id, params),
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      answer: ([id]) => subscriptions.cancel(id),
    },
  ];

  const server = createServer((req, res) => {
    readBody(req).then(
      (body) =>
        req.url?.startsWith('/checkout/')
          ? answerPage(req, res)
          : req.url?.startsWith('/_sandbox/')
            ? answerControl(req, res, body)
            : answerApi(req, res, body),
      () => res.destroy(),
    );
  });

  /** The hosted checkout page and its two buttons: for browsers, so no API key. */
  function answerPage(req: IncomingMessage, res: ServerResponse): void {
    const match = /^\/checkout\/([A-Za-z0-9_]+)(?:\/(pay|cancel))?$/.exec(req.url ?? '');
    const id = match?.[1];
    try {
      if (!match || !id) return sendHtml(res, 404, closedPage('There is no such checkout.'));
      if (req.method === 'GET' && !match[2]) {
        const session = checkouts.retrieve(id);
        if (session.status !== 'open')
          return sendHtml(res, 410, closedPage(`This checkout is ${session.status}.`));
        const { price, quantity } = checkouts.purchase(id);
        return sendHtml(res, 200, checkoutPage(session, price, quantity));
      }
      if (req.method !== 'POST')
        return sendHtml(res, 405, closedPage('Use the buttons of the checkout page.'));
      if (match[2] === 'pay') return redirect(res, checkouts.pay(id).redirect);
      const cancelUrl = checkouts.cancelUrl(id);
      return cancelUrl
        ? redirect(res, cancelUrl)
        : sendHtml(res, 200, closedPage('The payment was cancelled.'));
    } catch (error) {
      if (error instanceof StripeApiError && error.type === 'card_error') {
        // The session stays open: the page again, saying why, to pay again or cancel.
        const { price, quantity } = checkouts.purchase(id!);
        return sendHtml(
          res,
          error.status,
          checkoutPage(checkouts.retrieve(id!), price, quantity, error.message),
        );
      }
      const message = error instanceof StripeApiError ? error.message : 'The checkout failed.';
      sendHtml(res, error instanceof StripeApiError ? error.status : 500, closedPage(message));
    }
  }

  /**
   * The test controls, JSON in and out, with the same key as the API:
   *   POST /_sandbox/events/rules {"rules": ["duplicate"|"reorder"|"hold"|"suppress", …]}  the next events
   *   POST /_sandbox/events/release                       sends the events held until released
   *   POST /_sandbox/events/<evt_…>/replay                sends an event made earlier again
   *   GET  /_sandbox/events                               every delivery so far
   *   POST /_sandbox/payments/fail-next                   the next payment is declined
   *   POST /_sandbox/subscriptions/<sub_…>/end-period {"inSeconds": n}
   */
  function answerControl(req: IncomingMessage, res: ServerResponse, body: string): void {
    try {
      authenticate(req, options.secretKey);
      const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
      const route = `${req.method} ${path}`;
      const input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      if (route === 'GET /_sandbox/events')
        return send(res, 200, { deliveries: webhooks.deliveries.map(summary) });
      if (route === 'POST /_sandbox/events/rules') {
        const rules = input.rules;
        if (!Array.isArray(rules) || !rules.every((rule) => EVENT_RULES.includes(rule as EventRule))) {
          throw new StripeApiError(
            400,
            'invalid_request_error',
            `rules: a list of ${EVENT_RULES.join(', ')}`,
          );
        }
        for (const rule of rules as EventRule[]) webhooks.addRule(rule);
        return send(res, 200, { rules });
      }
      if (route === 'POST /_sandbox/events/release') return send(res, 200, { released: webhooks.release() });
      const replay = /^POST \/_sandbox\/events\/([^/]+)\/replay$/.exec(route);
      if (replay) {
        const delivery = webhooks.replay(replay[1]);
        if (!delivery) throw missing('event', replay[1]);
        return send(res, 200, summary(delivery));
      }
      if (route === 'POST /_sandbox/payments/fail-next') {
        payments.failNext();
        return send(res, 200, { failNext: true });
      }
      const endPeriod = /^POST \/_sandbox\/subscriptions\/([^/]+)\/end-period$/.exec(route);
      if (endPeriod) {
        const seconds = input.inSeconds;
        if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) {
          throw new StripeApiError(400, 'invalid_request_error', 'inSeconds: a number of seconds, 0 or more');
        }
        return send(res, 200, subscriptions.endPeriodIn(endPeriod[1], seconds));
      }
      throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${route}).`);
    } catch (error) {
      const failure =
        error instanceof StripeApiError
          ? error
          : new StripeApiError(400, 'invalid_request_error', 'The body is not valid JSON.');
      send(res, failure.status, failure.body);
    }
  }

  function answerApi(req: IncomingMessage, res: ServerResponse, body: string): void {
    try {
      authenticate(req, options.secretKey);
      const url = new URL(req.url ?? '/', 'http://sandbox');
      const method = req.method ?? 'GET';
      const params = parseFormBody(method === 'GET' ? url.search.slice(1) : body);
      const route = routes.find(
        (candidate) => candidate.method === method && candidate.pattern.test(url.pathname),
      );
      if (!route)
        throw new StripeApiError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${method}: ${url.pathname}).`,
        );
      const match = route.pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent);
      const key = method === 'POST' ? header(req, 'idempotency-key') : undefined;
      const request = `${method} ${url.pathname} ${body}`;
      const replayed = key === undefined ? undefined : idempotency.replay(key, request);
      if (replayed) return send(res, replayed.status, replayed.body, { 'Idempotent-Replayed': 'true' });
      const result = route.answer(match, params);
      if (key !== undefined) idempotency.remember(key, request, 200, result);
      send(res, 200, result);
    } catch (error) {
      const failure =
        error instanceof StripeApiError
          ? error
          : error instanceof FormBodyError
            ? new StripeApiError(400, 'invalid_request_error', error.message, 'parameter_invalid', error.key)
            : new StripeApiError(500, 'api_error', 'An unexpected error occurred in the Stripe sandbox.');
      send(res, failure.status, failure.body);
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  // Made once the server listens: its page's address may name the free port it was given.
  const checkouts = new CheckoutSessions(
    customers,
    subscriptions,
    prices,
    options.publicUrl ?? url,
    emit,
    payments,
  );
  const saved = options.stateFile ? loadState(options.stateFile) : undefined;
  if (saved) {
    customers.restore(saved.customers);
    subscriptions.restore(saved.subscriptions);
    checkouts.restore(saved.checkouts);
  }
  const save = () => {
    if (!options.stateFile) return;
    saveState(options.stateFile, {
      customers: customers.all(),
      subscriptions: subscriptions.all(),
      checkouts: checkouts.all(),
    });
  };
  // After every change: an answer to a request that may have changed something, a period that ended.
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET') res.once('finish', save);
  });
  subscriptions.onPeriodEnd = save;
  return {
    url,
    port,
    deliveries: () => webhooks.deliveries,
    close: () => {
      webhooks.close();
      subscriptions.close();
      return closeServer(server);
    },
  };
}

const EVENT_RULES: readonly EventRule[] = ['duplicate', 'reorder', 'hold', 'suppress'];

function summary(delivery: Delivery) {
  const { event, state, attempts, delivered, lastStatus } = delivery;
  return { id: event.id, type: event.type, state, attempts, delivered, lastStatus };
}

function authenticate(req: IncomingMessage, secretKey: string): void {
  const given = /^Bearer (.+)$/.exec(header(req, 'authorization') ?? '')?.[1];
  if (given !== secretKey) {
    throw new StripeApiError(
      401,
      'invalid_request_error',
      given ? `Invalid API Key provided: ${given.slice(0, 8)}***` : 'You did not provide an API key.',
    );
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'Request-Id': newId('req'),
    'Stripe-Version': API_VERSION,
    ...headers,
  });
  res.end(text);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
  });
  res.end(html);
}

// 303: the browser follows a form's POST with a GET of the given address.
function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location, 'Content-Length': 0 });
  res.end();
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
