import { describe, expect, it } from 'vitest';
import { defaultDataDir, serverDataDir } from './data-dir';

describe('defaultDataDir', () => {
  it('uses a system folder for root', () => {
    expect(defaultDataDir({ uid: 0, env: { XDG_DATA_HOME: '/x' }, homedir: '/root' })).toBe(
      '/var/lib/promptlib',
    );
  });

  it('follows XDG_DATA_HOME for other users', () => {
    expect(defaultDataDir({ uid: 1000, env: { XDG_DATA_HOME: '/data/me' }, homedir: '/home/me' })).toBe(
      '/data/me/promptlib',
    );
  });

  it('falls back to ~/.local/share when XDG_DATA_HOME is unset or relative', () => {
    expect(defaultDataDir({ uid: 1000, env: {}, homedir: '/home/me' })).toBe(
      '/home/me/.local/share/promptlib',
    );
    expect(defaultDataDir({ uid: null, env: { XDG_DATA_HOME: 'rel' }, homedir: '/home/me' })).toBe(
      '/home/me/.local/share/promptlib',
    );
  });
});

describe('serverDataDir', () => {
  it('keeps each port in its own folder', () => {
    expect(serverDataDir('/d', 'postgres', 5432)).toBe('/d/postgres-5432');
    expect(serverDataDir('/d', 'postgres', 55432)).not.toBe(serverDataDir('/d', 'postgres', 5432));
  });
});
