import { describe, expect, it } from 'vitest';
import {
  assertNamespace,
  databaseNameOf,
  defaultUrls,
  isLocalHost,
  localNamespace,
  listenAddress,
  maintenanceUrl,
  natsConnectParts,
  parseServiceUrl,
  redactUrl,
} from './urls';

describe('localNamespace', () => {
  it('is APP_NAMESPACE when set, and the default when unset or empty', () => {
    expect(localNamespace({ APP_NAMESPACE: 'staging' })).toBe('staging');
    expect(localNamespace({})).toBe('promptlib');
    expect(localNamespace({ APP_NAMESPACE: '' })).toBe('promptlib');
  });
});

describe('defaultUrls', () => {
  it('points every service at this machine and names the database after the namespace', () => {
    expect(defaultUrls('promptlib')).toEqual({
      postgres: 'postgres://postgres@127.0.0.1:5432/promptlib',
      redis: 'redis://127.0.0.1:6379',
      nats: 'nats://127.0.0.1:4222',
    });
  });

  it.each(['', 'Promptlib', '1abc', 'a-b', 'a'.repeat(41)])('rejects the namespace %p', (namespace) => {
    expect(() => assertNamespace(namespace)).toThrow(/Invalid namespace/);
  });
});

describe('isLocalHost', () => {
  it.each(['127.0.0.1', 'localhost', 'LOCALHOST', '::1', '[::1]'])('treats %p as local', (host) => {
    expect(isLocalHost(host)).toBe(true);
  });

  it.each(['db.internal', '10.0.0.5', '0.0.0.0', '127.0.0.2'])('treats %p as remote', (host) => {
    expect(isLocalHost(host)).toBe(false);
  });

  it('listens on IPv6 only when the URL asks for ::1', () => {
    expect(listenAddress('::1')).toBe('::1');
    expect(listenAddress('localhost')).toBe('127.0.0.1');
  });
});

describe('parseServiceUrl', () => {
  it('reads host and port', () => {
    expect(parseServiceUrl('postgres', 'postgresql://u:p@db.example:6543/app')).toEqual({
      kind: 'postgres',
      url: 'postgresql://u:p@db.example:6543/app',
      host: 'db.example',
      port: 6543,
      local: false,
    });
  });

  it('falls back to the default port of each service', () => {
    expect(parseServiceUrl('redis', 'redis://localhost').port).toBe(6379);
    expect(parseServiceUrl('nats', 'nats://[::1]').port).toBe(4222);
    expect(parseServiceUrl('nats', 'nats://[::1]').host).toBe('::1');
    expect(parseServiceUrl('postgres', 'postgres://127.0.0.1/x').local).toBe(true);
  });

  it('names the variable when the scheme is wrong, without leaking the password', () => {
    expect(() => parseServiceUrl('redis', 'http://u:secret@127.0.0.1')).toThrow(
      /REDIS_URL must start with redis:\/\//,
    );
    expect(() => parseServiceUrl('redis', 'http://u:secret@127.0.0.1')).not.toThrow(/secret/);
    expect(() => parseServiceUrl('nats', 'not a url')).toThrow(/NATS_URL is not a valid URL/);
  });
});

describe('database URLs', () => {
  it('finds the database name', () => {
    expect(databaseNameOf('postgres://postgres@127.0.0.1:5432/promptlib')).toBe('promptlib');
  });

  it('refuses a missing or unsafe database name', () => {
    expect(() => databaseNameOf('postgres://127.0.0.1:5432')).toThrow(/must name a database/);
    expect(() => databaseNameOf('postgres://127.0.0.1/a%22b')).toThrow(/not supported/);
  });

  it('swaps in the maintenance database and keeps credentials and options', () => {
    expect(maintenanceUrl('postgres://u:p@h:1/app?sslmode=disable')).toBe(
      'postgres://u:p@h:1/postgres?sslmode=disable',
    );
  });
});

describe('natsConnectParts', () => {
  it('moves user and password out of the server URL', () => {
    expect(natsConnectParts('nats://u:p@127.0.0.1:4222')).toEqual({
      servers: 'nats://127.0.0.1:4222',
      user: 'u',
      pass: 'p',
    });
  });

  it('reads a lone user part as a token', () => {
    expect(natsConnectParts('nats://s3cret@127.0.0.1:4222')).toEqual({
      servers: 'nats://127.0.0.1:4222',
      token: 's3cret',
    });
  });
});

describe('redactUrl', () => {
  it('hides passwords', () => {
    expect(redactUrl('postgres://u:secret@h/db')).toBe('postgres://u:***@h/db');
    expect(redactUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });
});
