import { describe, expect, it } from 'vitest';
import { APT_LOCK_FILE, aptCommand } from './apt';

describe('aptCommand', () => {
  it('runs apt-get behind our lock where flock exists, waiting on dpkg’s lock too', () => {
    expect(aptCommand('/usr/bin/apt-get', '/usr/bin/flock')).toEqual([
      '/usr/bin/flock',
      [APT_LOCK_FILE, '/usr/bin/apt-get', '-o', 'DPkg::Lock::Timeout=600'],
    ]);
  });

  it('runs apt-get itself, still waiting on dpkg’s lock, where there is no flock', () => {
    expect(aptCommand('/usr/bin/apt-get', null)).toEqual([
      '/usr/bin/apt-get',
      ['-o', 'DPkg::Lock::Timeout=600'],
    ]);
  });
});
