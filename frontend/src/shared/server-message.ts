import { authMessages, libraryMessages, validationMessages } from '@promptlib/proto';
import type { TFunction } from 'i18next';
import type { ApiFailure } from '../api/api-error';

// Sentences the server may send, and the translation key that says the same thing in the user's language.
const knownSentences: Record<string, string> = {
  [validationMessages.usernameMin]: 'validation.usernameMin',
  [validationMessages.usernameMax]: 'validation.usernameMax',
  [validationMessages.passwordMin]: 'validation.passwordMin',
  [validationMessages.passwordMax]: 'validation.passwordMax',
  [authMessages.commonPassword]: 'validation.commonPassword',
  [authMessages.usernameTaken]: 'validation.usernameTaken',
  [validationMessages.promptTitleMin]: 'validation.titleMin',
  [validationMessages.promptTitleMax]: 'validation.titleMax',
  [validationMessages.promptContentMin]: 'validation.contentMin',
  [validationMessages.promptContentMax]: 'validation.contentMax',
  [validationMessages.categoryNameMin]: 'validation.categoryNameMin',
  [validationMessages.categoryNameMax]: 'validation.categoryNameMax',
  [validationMessages.categoryNameTaken]: 'validation.categoryNameTaken',
  [libraryMessages.generalProtected]: 'library.categories.generalProtected.description',
};

/**
 * The server's sentence for a failure, in the user's language where we know it: a known sentence or
 * a known error code is translated, anything else is shown as the server wrote it, and with no
 * sentence at all the caller's fallback is used.
 */
export function serverMessage(failure: unknown, t: TFunction, fallback: string): string {
  const { serverMessage: sentence, code } = (failure ?? {}) as Partial<ApiFailure>;
  if (sentence && knownSentences[sentence]) return t(knownSentences[sentence]);
  if (code && t(`serverErrors.${code}`, { defaultValue: '' })) return t(`serverErrors.${code}`);
  return sentence ?? fallback;
}
