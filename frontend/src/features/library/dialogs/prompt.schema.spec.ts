import i18n from 'i18next';
import deLibrary from '../../../i18n/de.library.json';
import de from '../../../i18n/de.json';
import enLibrary from '../../../i18n/en.library.json';
import en from '../../../i18n/en.json';
import { categorySchema, promptSchema } from './prompt.schema';

async function translator(language: 'en' | 'de') {
  const instance = i18n.createInstance();
  await instance.init({
    showSupportNotice: false,
    lng: language,
    resources: {
      en: { translation: { ...en, ...enLibrary } },
      de: { translation: { ...de, ...deLibrary } },
    },
  });
  return instance.t;
}

/** The first message the schema gives for the values, or null when they pass. */
async function problem(schema: { validate: (values: unknown) => Promise<unknown> }, values: unknown) {
  return schema.validate(values).then(
    () => null,
    (error: Error) => error.message,
  );
}

describe('the prompt and category forms check text as the server does', () => {
  const prompt = { title: 'A good title', content: 'Some content\n\twith a tab', categoryId: 1 };

  it('takes text with line breaks and tabs in the content, and emoji anywhere', async () => {
    const t = await translator('en');
    expect(await problem(promptSchema(t), { ...prompt, title: 'Emoji 🙂 title' })).toBeNull();
  });

  it('names the field with a control character or a broken character, in the user’s language', async () => {
    const t = await translator('en');
    expect(await problem(promptSchema(t), { ...prompt, title: 'Nul\u0000title' })).toBe(
      'Title must not contain control characters',
    );
    expect(await problem(promptSchema(t), { ...prompt, content: 'Half \ud83d an emoji' })).toBe(
      'Content contains characters that are not valid text',
    );
    expect(await problem(categorySchema(t, []), { name: 'Vertical\u000btab' })).toBe(
      'Category Name must not contain control characters',
    );
    const german = await translator('de');
    expect(await problem(promptSchema(german), { ...prompt, title: 'Nul\u0000title' })).toBe(
      'Titel darf keine Steuerzeichen enthalten',
    );
  });
});
