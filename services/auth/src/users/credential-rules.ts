import { dictionary } from '@zxcvbn-ts/language-common';
import { authMessages, limits, validationMessages, type FieldErrors } from '@promptlib/proto';

// The list is ordered by how often each password appears in breaches; the top 10,000 are refused.
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].slice(0, 10_000));

// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Surrounding spaces are never meant, and would make "alice" and "alice " two accounts. */
export function normalizeUsername(username: string): string {
  return username.trim();
}

export function usernameProblem(username: string): string | null {
  if (username.length < limits.username.min) return validationMessages.usernameMin;
  if (username.length > limits.username.max) return validationMessages.usernameMax;
  if (CONTROL_CHARACTERS.test(username)) return authMessages.usernameControlCharacters;
  return null;
}

export function passwordProblem(password: string): string | null {
  if (password.length < limits.password.min) return validationMessages.passwordMin;
  if (password.length > limits.password.max) return validationMessages.passwordMax;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return authMessages.commonPassword;
  return null;
}

export function registrationProblems(username: string, password: string): FieldErrors | null {
  const fields: FieldErrors = {};
  const usernameError = usernameProblem(username);
  const passwordError = passwordProblem(password);
  if (usernameError) fields.username = usernameError;
  if (passwordError) fields.password = passwordError;
  return Object.keys(fields).length > 0 ? fields : null;
}

export const commonPasswordCount = COMMON_PASSWORDS.size;
