// @vitest-environment node
// Every language says everything English says: the same keys, the same placeholders, the same
// plural forms. A failure lists what to translate, so a key added to en.ts is easy to follow.
import { describe, expect, it } from 'vitest';
import { TERM_KEY_PATTERN } from '../../contract/api/settings';
import { DEFAULT_LANGUAGE, LANGUAGE_TABLE, LANGUAGES } from '../../contract/languages';
import { pluralOf, termValues } from '../../contract/terms';
import { APP_CATALOGUES } from '../../src/i18n/catalogues';
import { LANGUAGE_CHOICES } from '../../src/i18n/language';
import { messagesFor } from '../../src/providers/i18nProvider';
import { pickerLocale } from '../../src/providers/pickerFormat';

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

const english = flatten(APP_CATALOGUES[DEFAULT_LANGUAGE]);

describe.each(
  LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).map((language) => [
    language,
    APP_CATALOGUES[language],
  ]),
)('the %s messages', (_locale, messages) => {
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

// A language is one line of the contract's table and its two message files: whatever else reads a
// language is checked here for every line, so nothing falls back to English unnoticed.
describe.each(LANGUAGES)('the %s line of the language table', (language) => {
  const facts = LANGUAGE_TABLE[language];

  it('is read by the language select, the term keys and the terms', () => {
    expect(LANGUAGE_CHOICES).toContainEqual({ id: language, name: facts.name });
    expect(new RegExp(TERM_KEY_PATTERN).test(`workspace@${language}`)).toBe(true);
    expect(termValues({}, language).workspace).toBe(facts.workspace);
    expect(pluralOf(facts.workspace, language)).not.toBe(facts.workspace);
  });

  it('names days and months in the language, in the pickers and in sentences', () => {
    expect(pickerLocale('en-AU', 1, language).code?.split('-')[0]).toBe(language);
    expect(new Intl.Locale(facts.intl).language).toBe(language);
  });

  it('has react-admin’s and the app’s messages', () => {
    expect(messagesFor(language).ra).toBeDefined();
    expect(messagesFor(language).app).toBe(APP_CATALOGUES[language].app);
  });
});
