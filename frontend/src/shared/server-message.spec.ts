import {
  errorCodes,
  fieldRules,
  formFieldRules,
  libraryMessages,
  limits,
  notFoundSubjects,
  rateLimitedActions,
  type FormField,
} from '@promptlib/proto';
import i18n from 'i18next';
import deLibrary from '../i18n/de.library.json';
import de from '../i18n/de.json';
import enLibrary from '../i18n/en.library.json';
import en from '../i18n/en.json';
import {
  codeKey,
  fieldRuleText,
  formFieldRuleKey,
  ruleKey,
  serverFieldErrors,
  serverMessage,
} from './server-message';

const resources = {
  en: { translation: en, library: enLibrary },
  de: { translation: de, library: deLibrary },
};

async function translator(language: 'en' | 'de') {
  const instance = i18n.createInstance();
  await instance.init({
    showSupportNotice: false,
    lng: language,
    fallbackLng: false,
    ns: ['translation', 'library'],
    defaultNS: 'translation',
    fallbackNS: 'library',
    resources,
  });
  return instance;
}

describe('every error the server can send has words in every language', () => {
  it.each(['en', 'de'] as const)(
    '%s has a sentence for each code and for each rule of each field',
    async (language) => {
      const { exists } = await translator(language);
      const missing: string[] = [];
      for (const code of errorCodes) if (!exists(codeKey(code))) missing.push(`${code} → ${codeKey(code)}`);
      // The variants params choose: the plan of a limit, what was not found, the action of a rate limit.
      for (const plan of ['free', 'pro']) {
        for (const code of ['PROMPT_LIMIT_REACHED', 'CATEGORY_LIMIT_REACHED'] as const) {
          if (!exists(`${codeKey(code)}_${plan}`)) missing.push(`${code} (${plan})`);
        }
      }
      for (const subject of notFoundSubjects) {
        if (!exists(`serverErrors.NOT_FOUND_${subject}`)) missing.push(`NOT_FOUND (${subject})`);
      }
      for (const action of rateLimitedActions) {
        if (!exists(`rateLimitedActions.${action}`)) missing.push(`RATE_LIMITED (${action})`);
      }
      if (!exists('serverErrors.RATE_LIMITED_other')) missing.push('RATE_LIMITED (minutes)');
      for (const rule of fieldRules) if (!exists(ruleKey(rule))) missing.push(`rule ${rule}`);
      for (const field of Object.keys(formFieldRules) as FormField[]) {
        for (const rule of formFieldRules[field]) {
          const key = formFieldRuleKey(field, rule);
          if (!key || !exists(key)) missing.push(`${field}.${rule}`);
        }
      }
      expect(missing).toEqual([]);
    },
  );
});

describe('fieldRuleText', () => {
  it('says a form field’s rule in its own words, with the limits from proto', async () => {
    const { t } = await translator('en');
    expect(fieldRuleText(t, 'title', 'tooShort')).toBe(
      `Title must be at least ${limits.promptTitle.min} characters long`,
    );
    expect(fieldRuleText(t, 'content', 'tooLong')).toBe('Content must be at most 20000 characters long');
    expect(fieldRuleText(t, 'username', 'taken')).toBe('This username is already taken');
    expect(fieldRuleText(t, 'name', 'controlCharacters')).toBe(
      'Category Name must not contain control characters',
    );
  });

  it('says the same in German', async () => {
    const { t } = await translator('de');
    expect(fieldRuleText(t, 'password', 'tooShort')).toBe('Das Passwort muss mindestens 6 Zeichen lang sein');
    expect(fieldRuleText(t, 'name', 'taken')).toBe('Eine Kategorie mit diesem Namen gibt es bereits');
    expect(fieldRuleText(t, 'username', 'malformedText')).toBe(
      'Benutzername enthält Zeichen, die kein gültiger Text sind',
    );
  });

  it('says the rule alone for a field without words of its own', async () => {
    expect(fieldRuleText((await translator('en')).t, 'categoryPositions', 'duplicate')).toBe(
      'This appears more than once',
    );
    expect(fieldRuleText((await translator('de')).t, 'priceId', 'invalid')).toBe('Dieser Wert ist ungültig');
  });
});

describe('serverMessage', () => {
  const failure = (code: string, serverMessage = 'An English sentence', more: object = {}) => ({
    status: 400,
    message: '',
    serverMessage,
    code,
    ...more,
  });

  it('translates a code, whatever the server’s sentence says', async () => {
    const german = (await translator('de')).t;
    expect(serverMessage(failure('INVALID_CREDENTIALS', 'Anything'), german, 'x')).toBe(
      'Ungültiger Benutzername oder falsches Passwort',
    );
    expect(serverMessage(failure('USERNAME_TAKEN'), german, 'x')).toBe(
      'Dieser Benutzername ist bereits vergeben',
    );
    const english = (await translator('en')).t;
    expect(serverMessage(failure('CATEGORY_NAME_TAKEN', 'Something else'), english, 'x')).toBe(
      'A category with this name already exists',
    );
    expect(serverMessage(failure('GENERAL_CATEGORY_PROTECTED'), english, 'x')).toBe(
      'The General category cannot be deleted as it serves as the default category for prompts.',
    );
  });

  it('says a sentence whole with the values it names, in English as the server does and in German', async () => {
    const english = (await translator('en')).t;
    const german = (await translator('de')).t;
    const freeLimit = failure('PROMPT_LIMIT_REACHED', 'x', { params: { plan: 'free', limit: 5 } });
    expect(serverMessage(freeLimit, english, 'x')).toBe(libraryMessages.freePromptLimit(5));
    expect(serverMessage(freeLimit, german, 'x')).toBe(
      'Du hast das Limit von 5 Prompts im kostenlosen Plan erreicht. Upgrade auf Pro für unbegrenzte Prompts.',
    );
    const proQuota = failure('PROMPT_LIMIT_REACHED', 'x', { params: { plan: 'pro', limit: 50_000 } });
    expect(serverMessage(proQuota, english, 'x')).toBe(libraryMessages.proPromptQuota(50_000));
    expect(serverMessage(proQuota, german, 'x')).toBe('Du hast das Maximum von 50.000 Prompts erreicht.');
    expect(
      serverMessage(
        failure('CATEGORY_LIMIT_REACHED', 'x', { params: { plan: 'free', limit: 1 } }),
        english,
        'x',
      ),
    ).toBe(libraryMessages.freeCategoryLimit);
    expect(serverMessage(failure('NOT_FOUND', 'x', { params: { subject: 'prompt' } }), english, 'x')).toBe(
      libraryMessages.promptNotFound,
    );
    expect(serverMessage(failure('NOT_FOUND', 'x', { params: { subject: 'category' } }), german, 'x')).toBe(
      'Kategorie nicht gefunden',
    );
    const waitOne = failure('RATE_LIMITED', 'x', { params: { action: 'login', retryAfterMinutes: 1 } });
    expect(serverMessage(waitOne, english, 'x')).toBe(
      'Too many login attempts. Please try again in 1 minute.',
    );
    const waitMany = failure('RATE_LIMITED', 'x', { params: { action: 'signUp', retryAfterMinutes: 45 } });
    expect(serverMessage(waitMany, english, 'x')).toBe('Too many sign-ups. Please try again in 45 minutes.');
    expect(serverMessage(waitMany, german, 'x')).toBe(
      'Zu viele Registrierungen. Bitte versuche es in 45 Minuten noch einmal.',
    );
    expect(serverMessage(failure('NOT_FOUND'), english, 'x')).toBe('Not found.');
  });

  it('tells bad input by its first failing field and that field’s rule', async () => {
    const bad = failure('VALIDATION_FAILED', 'Password must be at least 6 characters', {
      fields: { password: 'Password must be at least 6 characters', username: 'x' },
      rules: { password: 'tooShort', username: 'tooLong' },
    });
    expect(serverMessage(bad, (await translator('de')).t, 'x')).toBe(
      'Das Passwort muss mindestens 6 Zeichen lang sein',
    );
    expect(serverMessage(bad, (await translator('en')).t, 'x')).toBe(
      'Password must be at least 6 characters',
    );
    expect(serverMessage(failure('VALIDATION_FAILED'), (await translator('en')).t, 'x')).toBe(
      'The request holds a value that is not valid.',
    );
  });

  it('shows the server’s sentence for a code this app does not know, else the fallback', async () => {
    const { t } = await translator('de');
    expect(serverMessage(failure('A_NEWER_CODE', 'A newer sentence'), t, 'fallback')).toBe(
      'A newer sentence',
    );
    expect(serverMessage({ status: 'FETCH_ERROR', message: 'Failed to fetch' }, t, 'Konto')).toBe('Konto');
    expect(serverMessage(undefined, t, 'Invalid username or password')).toBe('Invalid username or password');
  });
});

describe('serverFieldErrors', () => {
  const failure = {
    status: 409,
    message: '',
    code: 'VALIDATION_FAILED',
    fields: { title: 'Title must be at most 200 characters long', tags: 'A newer message', x: 'y' },
    rules: { title: 'tooLong', tags: 'aNewerRule', x: 'invalid' },
  };

  it('says each field’s rule in the user’s language, keeping the server’s message for an unknown rule', async () => {
    expect(serverFieldErrors(failure, (await translator('de')).t)).toEqual({
      title: 'Der Titel darf höchstens 200 Zeichen lang sein',
      tags: 'A newer message',
      x: 'Dieser Wert ist ungültig',
    });
    expect(serverFieldErrors({ status: 400, message: '' }, (await translator('de')).t)).toEqual({});
  });
});
