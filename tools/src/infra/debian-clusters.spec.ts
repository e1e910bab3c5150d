import { describe, expect, it } from 'vitest';
import { parseClusters } from './debian-clusters';

describe('parseClusters', () => {
  it('reads pg_lsclusters --no-header output', () => {
    const output =
      '15  main    5432 online postgres /var/lib/postgresql/15/main /var/log/postgresql/postgresql-15-main.log\n' +
      '16  extra   5433 down   postgres /var/lib/postgresql/16/extra /var/log/postgresql/postgresql-16-extra.log\n';
    expect(parseClusters(output)).toEqual([
      { version: '15', name: 'main', port: 5432, online: true },
      { version: '16', name: 'extra', port: 5433, online: false },
    ]);
  });

  it('ignores blank lines and headers', () => {
    expect(parseClusters('Ver Cluster Port Status Owner\n\n')).toEqual([]);
  });
});
