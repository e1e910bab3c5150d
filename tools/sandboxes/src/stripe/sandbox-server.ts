import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiRoutes } from './api-routes';
import { StripeApiError } from './api-error';
import { API_VERSION } from './api-version';
import { checkoutPage, closedPage } from './checkout-page';
import { CheckoutSessions } from './checkout-sessions';
import { Customers } from './customers';
import { controlRoutes } from './control-routes';
import { FormBodyError, parseFormBody } from './form-body';
import { IdempotencyKeys } from './idempotency';
import { newId } from './ids';
import { SANDBOX_PRICES } from './prices';
import { Subscriptions } from './subscriptions';
import { PaymentOutcomes } from './payments';
import { loadState, saveState } from './state-file';
import { InvoicePayments } from './invoice-payments';
import { findRoute } from './router';
import { WebhookSender, type Delivery, type WebhookOptions } from './webhooks';
import { closeServer, listen, readBody, sendJson } from '../sandbox-http';

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

/**
 * A local stand-in for the part of Stripe's HTTP API billing calls, for development and tests: the
 * official SDK pointed at it (host, port, protocol) cannot tell it from Stripe. State lives in
 * memory, and in `stateFile` when given. It never runs in production.
 */
export async function startStripeSandbox(options: StripeSandboxOptions): Promise<RunningStripeSandbox> {
  if (process.env.NODE_ENV === 'production') throw new Error('The Stripe sandbox never runs in production.');
  const { server, port, url } = await listen(options);

  const webhooks = new WebhookSender(options.webhooks);
  const emit = webhooks.send.bind(webhooks);
  const payments = new PaymentOutcomes();
  const customers = new Customers();
  const invoices = new InvoicePayments();
  const subscriptions = new Subscriptions(emit, payments, invoices);
  const prices = new Map(SANDBOX_PRICES.map((price) => [price.id, price]));
  // The page's address may name the free port the server was given.
  const checkouts = new CheckoutSessions(
    customers,
    subscriptions,
    prices,
    options.publicUrl ?? url,
    emit,
    payments,
  );
  const idempotency = new IdempotencyKeys();
  const api = apiRoutes({ customers, prices, checkouts, subscriptions, invoices });
  // Every API call answered, by "METHOD /path", for tests of how much a client asks of Stripe.
  const apiCalls = new Map<string, number>();
  const controls = controlRoutes({ webhooks, payments, subscriptions, apiCalls, invoices });

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
  subscriptions.onPeriodEnd = save;

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // After every answer that may have changed something.
    if (req.method !== 'GET') res.once('finish', save);
    const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
    readBody(req).then(
      (body) =>
        path.startsWith('/checkout/')
          ? answerPage(req.method ?? 'GET', path, res)
          : path.startsWith('/_sandbox/')
            ? answerControl(req, path, body, res)
            : answerApi(req, body, res),
      () => res.destroy(),
    );
  });

  /** The hosted checkout page and its two buttons: for browsers, so no API key. */
  function answerPage(method: string, path: string, res: ServerResponse): void {
    const match = /^\/checkout\/([A-Za-z0-9_]+)(?:\/(pay|cancel))?$/.exec(path);
    if (!match) return sendHtml(res, 404, closedPage('There is no such checkout.'));
    const [, id, action] = match;
    try {
      if (method === 'GET' && !action) {
        const session = checkouts.retrieve(id);
        if (session.status !== 'open')
          return sendHtml(res, 410, closedPage(`This checkout is ${session.status}.`));
        const { price, quantity } = checkouts.purchase(id);
        return sendHtml(res, 200, checkoutPage(session, price, quantity));
      }
      if (method !== 'POST' || !action)
        return sendHtml(res, 405, closedPage('Use the buttons of the checkout page.'));
      if (action === 'pay') return redirect(res, checkouts.pay(id).redirect);
      const cancelUrl = checkouts.cancelUrl(id);
      return cancelUrl
        ? redirect(res, cancelUrl)
        : sendHtml(res, 200, closedPage('The payment was cancelled.'));
    } catch (error) {
      if (error instanceof StripeApiError && error.type === 'card_error') {
        // The session stays open: the page again, saying why, to pay again or cancel.
        const { price, quantity } = checkouts.purchase(id);
        return sendHtml(
          res,
          error.status,
          checkoutPage(checkouts.retrieve(id), price, quantity, error.message),
        );
      }
      const failure = asStripeError(error);
      sendHtml(res, failure.status, closedPage(failure.message));
    }
  }

  function answerControl(req: IncomingMessage, path: string, body: string, res: ServerResponse): void {
    try {
      authenticate(req, options.secretKey);
      const found = findRoute(controls, req.method ?? 'GET', path);
      if (!found) throw unrecognized(req.method, path);
      send(res, 200, found.route.answer(found.params, jsonBody(body)));
    } catch (error) {
      const failure = asStripeError(error);
      send(res, failure.status, failure.body);
    }
  }

  function answerApi(req: IncomingMessage, body: string, res: ServerResponse): void {
    try {
      authenticate(req, options.secretKey);
      const url = new URL(req.url ?? '/', 'http://sandbox');
      const method = req.method ?? 'GET';
      const found = findRoute(api, method, url.pathname);
      if (!found) throw unrecognized(method, url.pathname);
      const call = `${method} ${url.pathname}`;
      apiCalls.set(call, (apiCalls.get(call) ?? 0) + 1);
      const form = parseFormBody(method === 'GET' ? url.search.slice(1) : body);
      const key = method === 'POST' ? header(req, 'idempotency-key') : undefined;
      const request = `${method} ${url.pathname} ${body}`;
      const replayed = key === undefined ? undefined : idempotency.replay(key, request);
      if (replayed) return send(res, replayed.status, replayed.body, { 'Idempotent-Replayed': 'true' });
      const result = found.route.answer(found.params, form);
      if (key !== undefined) idempotency.remember(key, request, 200, result);
      send(res, 200, result);
    } catch (error) {
      const failure = asStripeError(error);
      send(res, failure.status, failure.body);
    }
  }

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

/** Any failure as Stripe would answer it: a malformed body is the client's, anything unforeseen the sandbox's. */
function asStripeError(error: unknown): StripeApiError {
  if (error instanceof StripeApiError) return error;
  if (error instanceof FormBodyError) {
    return new StripeApiError(400, 'invalid_request_error', error.message, 'parameter_invalid', error.key);
  }
  return new StripeApiError(500, 'api_error', 'An unexpected error occurred in the Stripe sandbox.');
}

function unrecognized(method: string | undefined, path: string): StripeApiError {
  return new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
}

function jsonBody(body: string): Record<string, unknown> {
  if (body === '') return {};
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new StripeApiError(400, 'invalid_request_error', 'The body is not a JSON object.');
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
  sendJson(res, status, body, {
    'Content-Type': 'application/json',
    'Request-Id': newId('req'),
    'Stripe-Version': API_VERSION,
    ...headers,
  });
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
