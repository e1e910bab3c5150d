import { describe, expect, it } from 'vitest';
import { redisUserRules } from './redis-users';

describe("a process's Redis user", () => {
  it('may touch only its own keys under the namespace, with no channel and no dangerous command', () => {
    const rules = redisUserRules('sharing', 'promptlib');
    // Keys and channels are reset first, so rules made again replace the old ones, never add to them.
    expect(rules.indexOf('resetkeys')).toBe(0);
    expect(rules.filter((rule) => rule.startsWith('~'))).toEqual(['~promptlib:share*']);
    expect(rules).toContain('resetchannels');
    expect(rules.some((rule) => rule.startsWith('&'))).toBe(false);
    // Dangerous commands come off after +@all, and INFO (which BullMQ reads) back on after them.
    expect(rules.indexOf('-@dangerous')).toBeGreaterThan(rules.indexOf('+@all'));
    expect(rules.indexOf('+info')).toBeGreaterThan(rules.indexOf('-@dangerous'));
  });

  it('gives each process its own prefixes and no other’s', () => {
    const gateway = redisUserRules('gateway', 'ns').filter((rule) => rule.startsWith('~'));
    const billing = redisUserRules('billing', 'ns').filter((rule) => rule.startsWith('~'));
    expect(gateway).toContain('~ns:sess:*');
    expect(billing).toEqual(['~ns:bull:*']);
    expect(gateway.some((rule) => billing.includes(rule))).toBe(false);
  });
});
