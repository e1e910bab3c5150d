import { describe, expect, it } from 'vitest';
import { FormBodyError, parseFormBody } from './form-body';

describe("Stripe's form bodies", () => {
  it('nests bracketed fields and makes lists of numbered ones, in index order', () => {
    const body = new URLSearchParams([
      ['mode', 'subscription'],
      ['line_items[1][price]', 'price_b'],
      ['line_items[0][price]', 'price_a'],
      ['line_items[0][quantity]', '1'],
      ['metadata[user]', '7'],
      ['expand[0]', 'customer'],
      ['expand[1]', 'subscription'],
    ]).toString();
    expect(parseFormBody(body)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_a', quantity: '1' }, { price: 'price_b' }],
      metadata: { user: '7' },
      expand: ['customer', 'subscription'],
    });
  });

  it('appends on an empty index and keeps the last of a repeated field', () => {
    expect(parseFormBody('expand[]=a&expand[]=b&email=x%40y.z&email=last%40y.z')).toEqual({
      expand: ['a', 'b'],
      email: 'last@y.z',
    });
  });

  it('refuses brackets that do not make a path', () => {
    expect(() => parseFormBody('metadata[a=1')).toThrow(FormBodyError);
    expect(() => parseFormBody('[a]=1')).toThrow(FormBodyError);
  });

  it('reads an empty body as no fields', () => {
    expect(parseFormBody('')).toEqual({});
  });
});
