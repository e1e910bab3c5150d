import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

type Answer = { status: number; body: Record<string, unknown> | unknown[] };

/** A browser's calls to a gateway: its Origin on every call, the session cookie it was given. */
class BrowserLikeClient {
  private cookie = '';

  constructor(
    readonly baseUrl: string,
    private readonly origin: string,
  ) {}

  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        Origin: this.origin,
        ...(this.cookie ? { Cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = response.headers.getSetCookie().map((line) => line.split(';')[0]);
    if (set.length > 0) this.cookie = set.join('; ');
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Answer['body']) : {} };
  }
}

/**
 * What a new user does first, through the gateway container as a browser would: open the page,
 * sign up, save a prompt and find it in the list; then pay for Pro on the Stripe sandbox's
 * checkout page and see the account turn Pro, which needs billing to reach the sandbox and the
 * sandbox's signed webhook to reach the gateway. Returns what was done, for the log.
 */
export async function newUserJourney(
  gatewayUrl: string,
  origin: string,
  stripeUrl: string,
): Promise<string[]> {
  const page = await fetch(`${gatewayUrl}/`);
  if (page.status !== 200 || !(await page.text()).includes('<title>Prompt Library</title>')) {
    throw new Error(`GET / answered ${page.status} without the app page`);
  }
  const client = new BrowserLikeClient(gatewayUrl, origin);
  const username = `container_${randomBytes(4).toString('hex')}`;
  const registered = await client.call('POST', '/api/register', {
    username,
    password: 'Sturdy-Container-Pass-2026!',
  });
  expectStatus('sign-up', registered, 201);

  const title = `Saved in a container ${randomBytes(3).toString('hex')}`;
  const created = await client.call('POST', '/api/prompts', {
    title,
    content: 'Summarise the text in three bullets.',
    categoryId: null,
  });
  expectStatus('creating a prompt', created, 201);
  const id = (created.body as { id: number }).id;
  const listed = await client.call('GET', '/api/prompts');
  expectStatus('listing prompts', listed, 200);
  const prompts = (Array.isArray(listed.body) ? listed.body : []) as { id: number; title: string }[];
  if (!prompts.some((prompt) => prompt.id === id && prompt.title === title)) {
    throw new Error(`the new prompt is not in the list: ${JSON.stringify(listed.body).slice(0, 300)}`);
  }

  const checkout = await client.call('POST', '/api/create-subscription', { priceId: 'price_pro_monthly' });
  expectStatus('starting a checkout', checkout, 200);
  const checkoutUrl = new URL((checkout.body as { url: string }).url);
  if (checkoutUrl.origin !== new URL(stripeUrl.replace('127.0.0.1', 'localhost')).origin) {
    throw new Error(
      `the checkout page is at ${checkoutUrl.origin}, not the sandbox's published ${stripeUrl}`,
    );
  }
  const sessionId = checkoutUrl.pathname.split('/').pop() ?? '';
  const hosted = await fetch(`${stripeUrl}${checkoutUrl.pathname}`);
  if (hosted.status !== 200) throw new Error(`the checkout page answered ${hosted.status}`);
  const paid = await fetch(`${stripeUrl}/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`paying answered ${paid.status}`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await client.call('GET', `/api/checkout-session/${sessionId}`);
    expectStatus('reading the checkout', status, 200);
    if ((status.body as { success?: boolean }).success) break;
    if (Date.now() > deadline) throw new Error('the paid checkout did not turn the account Pro within 30 s');
    await sleep(250);
  }
  return [
    `signed up ${username}, saved prompt ${id} and found it in the list`,
    `paid for Pro on the sandbox's checkout page; the account is Pro`,
  ];
}

function expectStatus(what: string, answer: Answer, status: number): void {
  if (answer.status !== status) {
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
}
