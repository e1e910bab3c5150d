import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runBackupCommand } from './cli';

describe('npm run backup and npm run restore', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('answers a command it does not know, or a restore without its file, with the usage', async () => {
    expect(await runBackupCommand('frobnicate', [])).toBe(2);
    expect(await runBackupCommand('restore', [])).toBe(2);
    expect(await runBackupCommand('backup', ['one.dump', 'two.dump'])).toBe(2);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('npm run restore -- <file>'));
  });
});
