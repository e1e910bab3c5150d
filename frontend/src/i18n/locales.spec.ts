import deFill from './de.fill.json';
import deLibrary from './de.library.json';
import de from './de.json';
import enFill from './en.fill.json';
import enLibrary from './en.library.json';
import en from './en.json';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe('locales', () => {
  it('have the same keys in English and German', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
    expect(keys(deLibrary).sort()).toEqual(keys(enLibrary).sort());
    expect(keys(deFill).sort()).toEqual(keys(enFill).sort());
  });

  it("keep the fill dialog's keys in its own file only", () => {
    const elsewhere = new Set([...keys(en), ...keys(enLibrary)]);
    expect(keys(enFill).filter((key) => elsewhere.has(key))).toEqual([]);
  });

  it('leave no string empty', () => {
    for (const locale of [en, de, enLibrary, deLibrary, enFill, deFill] as Tree[]) {
      for (const key of keys(locale))
        expect(key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part], locale)).not.toBe(
          '',
        );
    }
  });

  it("use SPEC's English strings verbatim", () => {
    expect(en.validation.passwordsDontMatch).toBe("Passwords don't match");
    expect(en.header.search).toBe('Search prompts...');
    expect(en.notFound.title).toBe('404 Page Not Found');
    expect(en.toasts.loginFailed.title).toBe('Login failed');
    expect(en.auth.google.popupBlocked).toBe(
      'The sign-in popup was blocked by your browser. Please enable popups for this site.',
    );
    expect(en.auth.google.failed).toBe('Google sign-in failed: {{message}}');
    expect(en.auth.google.unknownError).toBe('Unknown error');
  });
});
