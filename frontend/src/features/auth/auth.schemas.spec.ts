import i18n from 'i18next';
import en from '../../i18n/en.json';
import { loginSchema, registerSchema } from './auth.schemas';

describe('auth schemas', () => {
  let t: typeof i18n.t;
  beforeAll(async () => {
    const instance = i18n.createInstance();
    await instance.init({ showSupportNotice: false, lng: 'en', resources: { en: { translation: en } } });
    t = instance.t;
  });

  const errorsOf = async (schema: ReturnType<typeof loginSchema>, values: object) => {
    try {
      await schema.validate(values, { abortEarly: false });
      return [];
    } catch (error) {
      return (error as { errors: string[] }).errors;
    }
  };

  it("uses SPEC's messages for the login minimums", async () => {
    expect(await errorsOf(loginSchema(t), { username: 'ab', password: '12345' })).toEqual([
      'Username must be at least 3 characters',
      'Password must be at least 6 characters',
    ]);
    expect(await errorsOf(loginSchema(t), { username: 'alice', password: '123456' })).toEqual([]);
  });

  it("says 'Passwords don't match' on the confirmation", async () => {
    const errors = await errorsOf(registerSchema(t), {
      username: 'alice',
      password: 'secret-1',
      confirmPassword: 'secret-2',
    });
    expect(errors).toEqual(["Passwords don't match"]);
  });

  it('ignores surrounding spaces in the username', async () => {
    expect(await errorsOf(loginSchema(t), { username: '  ab  ', password: '123456' })).toEqual([
      'Username must be at least 3 characters',
    ]);
  });
});
