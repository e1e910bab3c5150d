import { invalidParameter } from './api-error';
import type { FormFields } from './form-body';

/** A text parameter, or null when it was not sent (or sent empty, which is how Stripe unsets one). */
export function optionalText(params: FormFields, name: string): string | null {
  const value = params[name];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw invalidParameter(name, `Invalid string: ${name}`);
  return value;
}

/** `metadata[key]=value` pairs: text values only, as Stripe keeps them. */
export function metadataOf(params: FormFields): Record<string, string> {
  const metadata = params.metadata;
  if (metadata === undefined || metadata === '') return {};
  if (typeof metadata !== 'object' || Array.isArray(metadata)) {
    throw invalidParameter('metadata', 'Invalid hash: metadata');
  }
  const entries = Object.entries(metadata);
  for (const [key, value] of entries) {
    if (typeof value !== 'string')
      throw invalidParameter(`metadata[${key}]`, 'Metadata values must be strings.');
  }
  return Object.fromEntries(entries) as Record<string, string>;
}
