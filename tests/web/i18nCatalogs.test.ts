// @vitest-environment node
// Every language says everything English says: the same keys, the same placeholders, the same
// plural forms. A failure lists what to translate, so a key added to en.ts is easy to follow.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/languages';
import { appMessages as en } from '../../src/i18n/en';
import { appMessages as es } from '../../src/i18n/es';
import { appMessages as fr } from '../../src/i18n/fr';
import { messagesFor } from '../../src/providers/i18nProvider';

type Tree = { readonly [key: string]: unknown };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object') {
      for (const [k, v] of flatten(value as Tree, path)) out.set(k, v);
    }
  }
  return out;
}

// A tenant term may be capitalised or not as the language's sentence needs: "%{workspace}" and
// "%{workspace_lower}" are the same placeholder here.
const placeholders = (text: string) =>
  [...new Set((text.match(/%\{\w+\}/g) ?? []).map((p) => p.replace('_lower}', '}')))].sort().join(' ');
const forms = (text: string) => text.split('||||').length;

const english = flatten(en);

describe.each([
  ['es', es],
  ['fr', fr],
])('the %s messages', (_locale, messages) => {
  const translated = flatten(messages);

  it('have every English key and none more', () => {
    const missing = [...english.keys()].filter((key) => !translated.has(key));
    const extra = [...translated.keys()].filter((key) => !english.has(key));
    expect(missing, `keys to translate: ${missing.join(', ')}`).toEqual([]);
    expect(extra, `keys English no longer has: ${extra.join(', ')}`).toEqual([]);
  });

  it('keep the placeholders and plural forms of each English text', () => {
    const wrong = [...english]
      .filter(([key]) => translated.has(key))
      .filter(([key, text]) => {
        const other = translated.get(key) ?? '';
        return placeholders(other) !== placeholders(text) || forms(other) !== forms(text);
      })
      .map(([key]) => key);
    expect(wrong, `texts whose placeholders or plural forms differ: ${wrong.join(', ')}`).toEqual([]);
  });

  it('are not left in English', () => {
    // Words the same in both languages (Storeline, "Description"…) are few; sentences are not.
    const same = [...english]
      .filter(([key, text]) => translated.get(key) === text && /[a-z]{3,} [a-z]{3,}/i.test(text))
      .map(([key]) => key);
    expect(same, `texts still in English: ${same.join(', ')}`).toEqual([]);
  });
});

describe('react-admin messages', () => {
  it('exist in every language for every key English has', () => {
    const ra = flatten(messagesFor('en').ra as Tree, 'ra');
    for (const locale of LANGUAGES) {
      const other = flatten(messagesFor(locale).ra as Tree, 'ra');
      const missing = [...ra.keys()].filter((key) => !other.has(key));
      expect(missing, `${locale}: react-admin keys to translate: ${missing.join(', ')}`).toEqual([]);
    }
  });
});
