import { describe, expect, it } from 'vitest';
import { SHARE_ID_PATTERN } from '@promptlib/proto';
import { newShareId } from './share-id';

describe('share ids', () => {
  it('are 22 base64url characters, and never repeat', () => {
    const ids = Array.from({ length: 1_000 }, newShareId);
    for (const id of ids) expect(id).toMatch(SHARE_ID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
