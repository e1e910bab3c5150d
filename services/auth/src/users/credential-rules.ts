import { dictionary } from '@zxcvbn-ts/language-common';
import {
  authMessages,
  limits,
  validationMessages,
  type FieldProblem,
  type FieldProblems,
} from '@promptlib/proto';

// The list is ordered by how often each password appears in breaches; the top 10,000 are refused.
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].slice(0, 10_000));

// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Surrounding spaces are never meant, and would make "alice" and "alice " two accounts. */
export function normalizeUsername(username: string): string {
  return username.trim();
}

export function usernameProblem(username: string): FieldProblem | null {
  if (username.length < limits.username.min)
    return { rule: 'tooShort', message: validationMessages.usernameMin };
  if (username.length > limits.username.max)
    return { rule: 'tooLong', message: validationMessages.usernameMax };
  if (CONTROL_CHARACTERS.test(username))
    return { rule: 'controlCharacters', message: authMessages.usernameControlCharacters };
  return null;
}

export function passwordProblem(password: string): FieldProblem | null {
  if (password.length < limits.password.min)
    return { rule: 'tooShort', message: validationMessages.passwordMin };
  if (password.length > limits.password.max)
    return { rule: 'tooLong', message: validationMessages.passwordMax };
  if (COMMON_PASSWORDS.has(password.toLowerCase()))
    return { rule: 'tooCommon', message: authMessages.commonPassword };
  return null;
}

export function registrationProblems(username: string, password: string): FieldProblems | null {
  const problems: FieldProblems = {};
  const usernameError = usernameProblem(username);
  const passwordError = passwordProblem(password);
  if (usernameError) problems.username = usernameError;
  if (passwordError) problems.password = passwordError;
  return Object.keys(problems).length > 0 ? problems : null;
}

export const commonPasswordCount = COMMON_PASSWORDS.size;
