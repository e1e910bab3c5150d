import { describe, expect, it } from 'vitest';
import { RpcException } from '@nestjs/microservices';
import { plainText } from '@promptlib/proto';
import { z } from 'zod';
import { fieldProblemsOf, parsePayload } from './parse-payload';

const schema = z.object({
  name: plainText('Name', 'line', z.string({ error: 'Name is required' }))
    .min(2, 'Too short')
    .max(5, 'Too long'),
  count: z.number().int().min(1).max(3),
  tags: z.array(z.string()).max(1),
  note: z.string().refine((value) => value !== 'x', { message: 'No x', params: { rule: 'notAllowed' } }),
});

function problemsOf(input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return fieldProblemsOf(result.error, input);
}

describe('fieldProblemsOf', () => {
  it('names the rule each field broke beside its message', () => {
    expect(problemsOf({ name: 'a', count: 0, tags: ['a', 'b'], note: 'x' })).toEqual({
      name: { rule: 'tooShort', message: 'Too short' },
      count: { rule: 'tooSmall', message: expect.any(String) },
      tags: { rule: 'tooLong', message: expect.any(String) },
      note: { rule: 'notAllowed', message: 'No x' },
    });
    expect(problemsOf({ name: 'abcdef', count: 4, tags: [], note: '' })).toMatchObject({
      name: { rule: 'tooLong' },
      count: { rule: 'tooLarge' },
    });
  });

  it('tells a missing field from one of the wrong type', () => {
    expect(problemsOf({ name: 42, tags: 'a', note: '' })).toEqual({
      name: { rule: 'invalid', message: 'Name is required' },
      count: { rule: 'required', message: expect.any(String) },
      tags: { rule: 'invalid', message: expect.any(String) },
    });
    expect(problemsOf(null)).toEqual({ body: { rule: 'invalid', message: expect.any(String) } });
  });

  it('names each field a strict schema does not know, as not allowed', () => {
    const strict = z.strictObject({ page: z.strictObject({ size: z.number() }) });
    const result = strict.safeParse({ page: { size: 1, colour: 'red' }, extra: 1, __proto__x: 2 });
    if (result.success) throw new Error('expected a failure');
    expect(fieldProblemsOf(result.error, undefined)).toEqual({
      'page.colour': { rule: 'notAllowed', message: expect.stringContaining('colour') },
      extra: { rule: 'notAllowed', message: expect.any(String) },
      __proto__x: { rule: 'notAllowed', message: expect.any(String) },
    });
  });

  it("reports plain text's rules", () => {
    expect(problemsOf({ name: 'a\u0000b', count: 1, tags: [], note: '' })).toEqual({
      name: { rule: 'controlCharacters', message: 'Name must not contain control characters' },
    });
    expect(problemsOf({ name: 'a\udfffb', count: 1, tags: [], note: '' })).toEqual({
      name: { rule: 'malformedText', message: 'Name contains characters that are not valid text' },
    });
  });
});

describe('parsePayload', () => {
  it('throws VALIDATION_FAILED with the fields, their rules and the first message', () => {
    let thrown: unknown;
    try {
      parsePayload(schema, { name: 'a', count: 1, tags: [], note: '' });
    } catch (error) {
      thrown = error;
    }
    expect((thrown as RpcException).getError()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Too short',
      fields: { name: 'Too short' },
      rules: { name: 'tooShort' },
    });
  });
});
