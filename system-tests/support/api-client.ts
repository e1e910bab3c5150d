/** What a test sees of one HTTP answer. */
export type ApiResponse<T = unknown> = { status: number; body: T; headers: Headers; setCookie: string[] };

/** `allowServerError`: a 5xx is what the test expects; `headers`: sent besides the client's own. */
type SendOptions = { allowServerError?: boolean; headers?: Record<string, string> };

/**
 * A browser-like caller: keeps the session cookie it is given, sends its Origin on every call, and
 * sends JSON with its content type. Every answer of 500 or more fails the test unless expected.
 */
export class ApiClient {
  private cookie: string | undefined;
  // Other cookies the gateway sets (the Google sign-in nonce's), sent back as a browser would.
  private readonly otherCookies = new Map<string, string>();

  constructor(
    public baseUrl: string,
    private readonly origin = baseUrl,
  ) {}

  get sessionCookie(): string | undefined {
    return this.cookie;
  }

  /** Sends requests with this cookie, as a second tab or a stolen copy would. */
  useCookie(cookie: string | undefined): this {
    this.cookie = cookie;
    return this;
  }

  get<T = unknown>(path: string, options: { allowServerError?: boolean } = {}): Promise<ApiResponse<T>> {
    return this.send<T>('GET', path, undefined, options);
  }

  post<T = unknown>(path: string, body?: unknown, options: SendOptions = {}): Promise<ApiResponse<T>> {
    return this.send<T>('POST', path, body, options);
  }

  async send<T>(method: string, path: string, body: unknown, options: SendOptions): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { Origin: this.origin, ...options.headers };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const cookies = [...this.otherCookies.values(), ...(this.cookie ? [this.cookie] : [])];
    if (cookies.length > 0) headers.Cookie = cookies.join('; ');
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const setCookie = response.headers.getSetCookie();
    for (const line of setCookie.filter((cookie) => !cookie.startsWith('promptlib.sid='))) {
      const pair = line.split(';')[0];
      const name = pair.slice(0, pair.indexOf('='));
      if (/;\s*Max-Age=0/i.test(line) || pair === `${name}=`) this.otherCookies.delete(name);
      else this.otherCookies.set(name, pair);
    }
    const session = setCookie.find((line) => line.startsWith('promptlib.sid='));
    if (session) {
      const value = session.split(';')[0];
      this.cookie = value === 'promptlib.sid=' ? undefined : value;
    }
    if (response.status >= 500 && !options.allowServerError) {
      throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    }
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : undefined) as T,
      headers: response.headers,
      setCookie,
    };
  }
}

let counter = 0;

/** A username no other test (or earlier run) has used. */
export function uniqueUsername(prefix = 'user'): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}_${counter}`;
}

/** Long, random enough and not on any common-password list. */
export const STRONG_PASSWORD = 'violet-Harbor-71-kettle';
