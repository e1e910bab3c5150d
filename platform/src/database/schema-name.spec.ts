import { describe, expect, it } from 'vitest';
import { assertSchemaName } from './schema-name';

describe('assertSchemaName', () => {
  it.each(['library', 'auth', 'a', 'plt_x1_obx', 'a'.repeat(63)])('accepts %s', (name) => {
    expect(() => assertSchemaName(name)).not.toThrow();
  });

  it.each(['', 'Library', '1lib', '_lib', 'lib-x', 'lib"; DROP SCHEMA public; --', 'a'.repeat(64)])(
    'refuses %j',
    (name) => {
      expect(() => assertSchemaName(name)).toThrow(/Invalid schema name/);
    },
  );
});
