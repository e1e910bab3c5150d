import i18n from 'i18next';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import { serverMessage } from './server-message';

describe('serverMessage', () => {
  const translator = async (language: 'en' | 'de') => {
    const instance = i18n.createInstance();
    await instance.init({
      showSupportNotice: false,
      lng: language,
      resources: { en: { translation: en }, de: { translation: de } },
    });
    return instance.t;
  };

  it('shows the server sentence as written in English', async () => {
    const t = await translator('en');
    const failure = {
      status: 429,
      message: '',
      serverMessage: 'Too many login attempts. Please try again in 15 minutes.',
      code: 'RATE_LIMITED',
    };
    expect(serverMessage(failure, t, 'fallback')).toBe(
      'Too many login attempts. Please try again in 15 minutes.',
    );
  });

  it('translates a known code or sentence into German', async () => {
    const t = await translator('de');
    expect(
      serverMessage(
        {
          status: 401,
          message: '',
          serverMessage: 'Invalid username or password',
          code: 'INVALID_CREDENTIALS',
        },
        t,
        'x',
      ),
    ).toBe('Ungültiger Benutzername oder falsches Passwort');
    expect(
      serverMessage(
        {
          status: 400,
          message: '',
          serverMessage: 'Password must be at least 6 characters',
          code: 'VALIDATION_FAILED',
        },
        t,
        'x',
      ),
    ).toBe('Das Passwort muss mindestens 6 Zeichen lang sein');
  });

  it('falls back when the server sent no sentence', async () => {
    const t = await translator('en');
    expect(
      serverMessage({ status: 'FETCH_ERROR', message: 'Failed to fetch' }, t, 'Could not create account'),
    ).toBe('Could not create account');
    expect(serverMessage(undefined, t, 'Invalid username or password')).toBe('Invalid username or password');
  });
});
