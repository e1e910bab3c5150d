import i18n from 'i18next';
import deLibrary from '../../../i18n/de.library.json';
import enLibrary from '../../../i18n/en.library.json';
import { cardLabels } from './prompt-card-labels';

async function translator(language: 'en' | 'de') {
  const instance = i18n.createInstance();
  await instance.init({
    lng: language,
    resources: { en: { translation: enLibrary }, de: { translation: deLibrary } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('a card’s labels, translated once', () => {
  it('name the prompt as i18next would, in each language', async () => {
    for (const language of ['en', 'de'] as const) {
      const t = await translator(language);
      const labels = cardLabels(t);
      expect(labels.editNamed('Weekly summary')).toBe(
        t('library.card.editNamed', { title: 'Weekly summary' }),
      );
      expect(labels.filterByTag('Email')).toBe(t('library.tags.filterBy', { tag: 'Email' }));
      expect(labels.openInNamed('Weekly summary')).toBe(
        t('templates.openIn.buttonNamed', { title: 'Weekly summary' }),
      );
      expect(labels.copy).toBe(t('library.copy.label'));
    }
  });

  it('puts a title in as written, replacement patterns and all', async () => {
    const labels = cardLabels(await translator('en'));
    expect(labels.deleteNamed('Costs $& more "quoted"')).toBe('Delete "Costs $& more "quoted""');
  });
});
