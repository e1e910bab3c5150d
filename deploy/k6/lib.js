// What the k6 scripts share: the address, a browser's headers, and each step of the mix.
import http from 'k6/http';
import { check, fail } from 'k6';

export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
// A browser sends its page's origin with every call, and the gateway refuses a write without it.
const ORIGIN = BASE_URL.match(/^https?:\/\/[^/]+/)[0];
export const PASSWORD = __ENV.PASSWORD || 'Sturdy-Load-Password-2026!';

/** The thresholds every run must meet. */
export const THRESHOLDS = {
  http_req_failed: ['rate<0.01'],
  http_req_duration: ['p(95)<200', 'p(99)<400'],
};

function params(name, extra) {
  return Object.assign(
    { headers: { Origin: ORIGIN, 'Content-Type': 'application/json' }, tags: { name: name } },
    extra || {},
  );
}

function json(response) {
  try {
    return response.json();
  } catch (_error) {
    return null;
  }
}

export function get(path, name, extra) {
  return http.get(BASE_URL + path, params(name, extra));
}

export function post(path, body, name, extra) {
  return http.post(BASE_URL + path, body === undefined ? null : JSON.stringify(body), params(name, extra));
}

export function patch(path, body, name) {
  return http.patch(BASE_URL + path, JSON.stringify(body), params(name));
}

export function del(path, name) {
  return http.del(BASE_URL + path, null, params(name));
}

/** A new account, signed in (the cookie stays in the VU's jar). */
export function signUp(prefix) {
  const username = `${prefix}_${__VU}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const response = post('/api/register', { username: username, password: PASSWORD }, 'POST /api/register');
  if (!check(response, { 'signed up': (r) => r.status === 201 })) fail(`sign-up answered ${response.status}`);
  return username;
}

export function signIn(username) {
  const response = post('/api/login', { username: username, password: PASSWORD }, 'POST /api/login');
  check(response, { 'signed in': (r) => r.status === 200 });
}

/**
 * One visit of a signed-in user: what the dashboard reads as it opens (the first page of cards, the
 * sidebar's counts, the categories, the limits), a new prompt, an edit, a copy, a favourite, a
 * share and a visitor reading it, then the prompt deleted again (a free account holds 5).
 */
export function libraryVisit() {
  const cards = get('/api/prompts/cards?limit=50', 'GET /api/prompts/cards');
  check(cards, { 'first page read': (r) => r.status === 200 });
  check(get('/api/prompts/counts', 'GET /api/prompts/counts'), { 'counts read': (r) => r.status === 200 });
  get('/api/categories', 'GET /api/categories');
  get('/api/user/limits', 'GET /api/user/limits');

  const created = post(
    '/api/prompts',
    {
      title: `Load ${__VU}.${__ITER}`,
      content: 'Summarise the text below in three bullet points.',
      categoryId: null,
    },
    'POST /api/prompts',
  );
  if (!check(created, { 'prompt created': (r) => r.status === 201 })) return;
  const id = json(created).id;
  const edited = {
    title: `Load ${__VU}.${__ITER} (edited)`,
    content: 'Summarise the text below in five words.',
    categoryId: null,
  };
  check(patch(`/api/prompts/${id}`, edited, 'PATCH /api/prompts/{id}'), {
    'prompt edited': (r) => r.status === 200,
  });
  check(post(`/api/prompts/${id}/copy`, undefined, 'POST /api/prompts/{id}/copy'), {
    'prompt copied': (r) => r.status === 200,
  });
  check(post(`/api/prompts/${id}/toggle-favorite`, undefined, 'POST /api/prompts/{id}/toggle-favorite'), {
    'favourite toggled': (r) => r.status === 200,
  });
  const shared = post(`/api/prompts/${id}/share`, undefined, 'POST /api/prompts/{id}/share');
  if (check(shared, { 'prompt shared': (r) => r.status === 200 })) {
    const shareId = json(shared).shareId;
    // A visitor: no session cookie.
    for (let read = 0; read < 3; read += 1) {
      check(get(`/api/shared/${shareId}`, 'GET /api/shared/{shareId}', { jar: new http.CookieJar() }), {
        'public read': (r) => r.status === 200,
      });
    }
  }
  check(del(`/api/prompts/${id}`, 'DELETE /api/prompts/{id}'), { 'prompt deleted': (r) => r.status === 200 });
}

/**
 * Pro bought and cancelled through the Stripe sandbox: its checkout page's Pay button, then the
 * success page's check until the account is Pro. Against Stripe itself there is no button to press:
 * the caller skips this unless CHECKOUTS=sandbox.
 */
export function checkoutAndCancel() {
  const started = post(
    '/api/create-subscription',
    { priceId: __ENV.PRICE_ID || 'price_pro_monthly' },
    'POST /api/create-subscription',
  );
  if (!check(started, { 'checkout started': (r) => r.status === 200 })) return;
  const url = json(started).url;
  const sessionId = url.split('/').pop();
  check(http.post(`${url}/pay`, null, { redirects: 0, tags: { name: 'POST sandbox /checkout/{id}/pay' } }), {
    'paid on the sandbox': (r) => r.status === 303,
  });
  let pro = false;
  for (let poll = 0; poll < 20 && !pro; poll += 1) {
    const status = get(`/api/checkout-session/${sessionId}`, 'GET /api/checkout-session/{id}');
    pro = status.status === 200 && json(status).success === true;
  }
  check(pro, { 'account turned Pro': (value) => value });
  check(post('/api/subscription/cancel', undefined, 'POST /api/subscription/cancel'), {
    'subscription cancelled': (r) => r.status === 200,
  });
}
