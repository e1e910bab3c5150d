import english from '../../static/_locales/en/messages.json';
import german from '../../static/_locales/de/messages.json';
import { t } from './i18n';

type Messages = Record<string, { message: string }>;
const translations: Record<string, Messages> = { de: german };
const substitutions = (message: string) => [...new Set(message.match(/\$\d/g) ?? [])].sort();

/** Every text of the extension's scripts, pages and manifest, as written (the specs aside). */
const sourceFiles = import.meta.glob<string>(
  ['../**/*.ts', '!../**/*.spec.ts', '../../static/*.{html,json}'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);
const sources = () => Object.values(sourceFiles).join('\n');

describe('the extension’s messages', () => {
  it.each(['de'])(
    'has every English message in %s, with the same substitutions, and no other',
    (language) => {
      const translated = translations[language]!;
      expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
      for (const [name, { message }] of Object.entries(english as Messages)) {
        expect([name, substitutions(translated[name]!.message)]).toEqual([name, substitutions(message)]);
        expect(translated[name]!.message.trim()).not.toBe('');
      }
    },
  );

  it('has every message its pages and manifest name, and uses every message it has', () => {
    const text = sources();
    // The scripts' names are checked by the compiler (MessageName); the pages' and the manifest's are not.
    const named = [...text.matchAll(/data-i18n="(\w+)"|__MSG_(\w+)__/g)].map(
      (match) => match[1] ?? match[2]!,
    );
    expect(named.filter((name) => !(name in english))).toEqual([]);
    // A script may name a message through a table of names (the blanks' problems), so any literal counts.
    const used = new Set([...named, ...[...text.matchAll(/'(\w+)'/g)].map((match) => match[1]!)]);
    expect(Object.keys(english).filter((name) => !used.has(name))).toEqual([]);
  });

  it('puts the substitutions into the message', () => {
    expect(t('savedAs', 'Weekly report')).toBe('Saved as “Weekly report”.');
  });
});
