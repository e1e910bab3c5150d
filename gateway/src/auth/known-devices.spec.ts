import { describe, expect, it } from 'vitest';
import type { IncomingHttpHeaders } from 'node:http';
import { loadGatewayConfig } from '../config/gateway-config';
import { KnownDevices } from './known-devices';

const config = loadGatewayConfig({ NODE_ENV: 'test', APP_NAMESPACE: 'devices_test' });

/** Signs in as each key in turn on one browser; answers the cookie header the browser then sends. */
function browserAfter(devices: KnownDevices, keys: string[], cookie = ''): IncomingHttpHeaders {
  let headers: IncomingHttpHeaders = cookie ? { cookie } : {};
  for (const key of keys) {
    let line = '';
    devices.remember(
      headers,
      { getHeader: () => undefined, setHeader: (_name, value) => (line = String(value)) },
      key,
    );
    headers = { cookie: line.split(';')[0] };
  }
  return headers;
}

describe('known devices', () => {
  const devices = new KnownDevices(config);

  it('knows the browser for the accounts it signed in as, and for no other', () => {
    const browser = browserAfter(devices, ['ada', 'grace']);
    expect(devices.tagFor(browser, 'ada')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(devices.tagFor(browser, 'grace')).toBeDefined();
    expect(devices.tagFor(browser, 'lin')).toBeUndefined();
    expect(devices.tagFor({}, 'ada')).toBeUndefined();
  });

  it('believes only entries it signed, unexpired', () => {
    const browser = browserAfter(devices, ['ada']);
    const [expiry, tag] = browser.cookie!.split('=')[1].split('.');
    const tampered = `promptlib.device=${expiry}.${tag.slice(0, -1)}${tag.endsWith('A') ? 'B' : 'A'}`;
    expect(devices.tagFor({ cookie: tampered }, 'ada')).toBeUndefined();
    const longer = `promptlib.device=${(parseInt(expiry, 36) + 86_400).toString(36)}.${tag}`;
    expect(devices.tagFor({ cookie: longer }, 'ada')).toBeUndefined();
    const otherSecret = new KnownDevices(
      loadGatewayConfig({
        NODE_ENV: 'test',
        APP_NAMESPACE: 'x',
        SESSION_SECRET: 'another-secret-of-at-least-32-chars',
      }),
    );
    expect(otherSecret.tagFor(browser, 'ada')).toBeUndefined();
  });

  it('keeps the five accounts signed in as most recently', () => {
    const browser = browserAfter(devices, ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a2']);
    const known = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].filter((key) => devices.tagFor(browser, key));
    expect(known).toEqual(['a2', 'a3', 'a4', 'a5', 'a6']);
    expect(browser.cookie!.split('~')).toHaveLength(5);
  });
});
