import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { chromiumExecutable } from './launch-chromium';

describe('chromiumExecutable', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('takes the named builds: the shell for page tests, the whole browser otherwise', () => {
    process.env.CHROMIUM_PATH = '/opt/chromium/chrome';
    process.env.CHROMIUM_SHELL_PATH = '/opt/chromium/headless-shell';
    expect(chromiumExecutable({ headlessShell: true })).toBe('/opt/chromium/headless-shell');
    expect(chromiumExecutable()).toBe('/opt/chromium/chrome');
  });

  it('runs page tests in the whole browser where no shell is named or installed', () => {
    process.env.CHROMIUM_PATH = '/opt/chromium/chrome';
    delete process.env.CHROMIUM_SHELL_PATH;
    const expected = existsSync('/usr/bin/chromium-headless-shell')
      ? '/usr/bin/chromium-headless-shell'
      : '/opt/chromium/chrome';
    expect(chromiumExecutable({ headlessShell: true })).toBe(expected);
  });
});
