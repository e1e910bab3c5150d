import {
  API_KEYS_MAX,
  limits,
  textProblem,
  textProblemRules,
  type ApiKeySummary,
  type FieldRule,
} from '@promptlib/proto';
import type { TFunction } from 'i18next';
import { ruleKey } from '../../shared/server-message';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a new key lives: until revoked, or a number of days (a year at most, as the server allows). */
export const expiryChoices = ['never', '30', '90', '365'] as const;
export type ExpiryChoice = (typeof expiryChoices)[number];

/** When a key made at `now` with this choice stops working, as the API takes it; null for never. */
export function expiresAtFor(choice: ExpiryChoice, now: Date): string | null {
  return choice === 'never' ? null : new Date(now.getTime() + Number(choice) * DAY_MS).toISOString();
}

/** The rule a key's name breaks, as the server checks it (trimmed, 1–60 characters of plain text). */
export function nameRule(name: string): FieldRule | null {
  const trimmed = name.trim();
  if (trimmed.length < limits.apiKeyName.min) return 'tooShort';
  if (trimmed.length > limits.apiKeyName.max) return 'tooLong';
  const problem = textProblem(trimmed);
  return problem ? textProblemRules[problem] : null;
}

/**
 * A rule of the create form's fields in the user's language: the name's own sentences (proto's
 * `name` is a category's, with other limits), the expiry's, else the rule's general sentence.
 */
export function apiKeyFieldText(t: TFunction, field: string, rule: FieldRule): string {
  if (field === 'name') {
    switch (rule) {
      case 'required':
      case 'tooShort':
        return t('apiKeys.create.nameRequired');
      case 'tooLong':
        return t('apiKeys.create.nameTooLong', { max: limits.apiKeyName.max });
      case 'controlCharacters':
      case 'malformedText':
        return t(`validation.${rule}`, { field: t('apiKeys.create.name') });
    }
  }
  if (field === 'expiresAt') return t('apiKeys.create.expiryInvalid');
  return t(ruleKey(rule));
}

/** Whether the user has as many keys as an account may have, expired ones counted as the server counts them. */
export function atKeyLimit(keys: readonly ApiKeySummary[] | undefined): boolean {
  return keys !== undefined && keys.length >= API_KEYS_MAX;
}

/** Whether a key's expiry has passed at `now`. */
export function isExpired(key: Pick<ApiKeySummary, 'expiresAt'>, now: Date): boolean {
  return key.expiresAt !== null && new Date(key.expiresAt).getTime() <= now.getTime();
}
