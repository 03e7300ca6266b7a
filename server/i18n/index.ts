import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  firstSpoken,
  isLanguage,
  LANGUAGE_TABLE,
  type Language,
} from '../../contract/languages';
import { type Terms, termValues } from '../../contract/terms';
import type { Db } from '../db/client';
import { loadSettings } from '../modules/settings/service';
import { en, type ServerMessageKey } from './en';
import { es } from './es';
import { fr } from './fr';

export type { ServerMessageKey };

export const SERVER_CATALOGUES: Record<Language, Record<ServerMessageKey, string>> = { en, es, fr };

/** A catalogue entry in `language` with its `{placeholders}` filled in. */
export function serverMessage(
  language: Language,
  key: ServerMessageKey,
  values: Record<string, string | number> = {},
): string {
  return SERVER_CATALOGUES[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/**
 * What a sentence may be read as: an API answer's sentences (errors and validation, with the
 * names of things and fields they hold), or an export's header cells and title. Kept apart so an
 * error that happens to read "… to …" is never taken for an export's "{title} {from} to {to}".
 */
export type SentenceKind = 'answer' | 'export';
const KIND_OF: Record<string, SentenceKind> = {
  error: 'answer',
  validation: 'answer',
  thing: 'answer',
  field: 'answer',
  kind: 'answer',
  export: 'export',
};
const kindOf = (key: string) => KIND_OF[key.split('.')[0]!];

const KEYS = Object.keys(en) as ServerMessageKey[];
/** English sentence (lower case) → its key, for sentences without placeholders. */
const EXACT = new Map(
  KEYS.filter((k) => !en[k].includes('{') && kindOf(k)).map((k) => [
    `${kindOf(k)}:${en[k].toLowerCase()}`,
    k,
  ]),
);
/** What some placeholders can be; any other matches any text. */
const PLACEHOLDER_FORMS: Record<string, string> = {
  from: '(\\d{4}-\\d{2}-\\d{2})',
  to: '(\\d{4}-\\d{2}-\\d{2})',
  limit: '(-?[\\d.]+)',
  n: '(\\d+)',
  // A tenant term is left as its placeholder by the service and filled last (fillTerms).
  workspace_lower: '(\\{workspace_lower\\})',
  workspaces_lower: '(\\{workspaces_lower\\})',
};
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Sentences with placeholders as patterns, the most literal first ("{label} must be {limit} or more" before "{label} must be {kinds}"). */
const PATTERNS = KEYS.filter((k) => en[k].includes('{') && kindOf(k))
  .map((key) => {
    const names: string[] = [];
    const source = en[key]
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return escapeRegExp(part);
        names.push(name);
        return PLACEHOLDER_FORMS[name] ?? '(.+?)';
      })
      .join('');
    return {
      key,
      kind: kindOf(key),
      names,
      pattern: new RegExp(`^${source}$`, 'i'),
      literal: en[key].replace(/\{\w+\}/g, '').length,
    };
  })
  .sort((a, b) => b.literal - a.literal);

/**
 * A sentence a service wrote in English, in `language`: the catalogue entry it is, with each
 * placeholder's text translated too when it is an entry ("Department not found" → "Departamento:
 * no encontrado"). A sentence the catalogues do not hold stays English rather than being lost.
 */
export function translateSentence(
  language: Language,
  sentence: string,
  kind: SentenceKind = 'answer',
): string {
  // Services write their sentences in the default language: nothing to look up.
  if (language === DEFAULT_LANGUAGE || sentence === '') return sentence;
  const exact = EXACT.get(`${kind}:${sentence.toLowerCase()}`);
  if (exact) return SERVER_CATALOGUES[language][exact];
  for (const { key, kind: of, names, pattern } of PATTERNS) {
    if (of !== kind) continue;
    const match = pattern.exec(sentence);
    if (!match) continue;
    const values = Object.fromEntries(
      names.map((name, i) => [name, translatePart(language, match[i + 1]!, kind)]),
    );
    return serverMessage(language, key, values);
  }
  return sentence;
}

/** A placeholder's text: an entry, or a list of entries ("a whole number or text"). */
function translatePart(language: Language, part: string, kind: SentenceKind): string {
  const parts = part.split(/, | or /);
  if (parts.length === 1) return translateSentence(language, part, kind);
  const or = ` ${LANGUAGE_TABLE[language].or} `;
  const words = parts.map((p) => translateSentence(language, p, kind));
  // Not a list of known words (a name with a comma in it): the text as a whole.
  if (words.some((w, i) => w === parts[i])) return translateSentence(language, part, kind);
  return `${words.slice(0, -1).join(', ')}${or}${words.at(-1)}`;
}

/**
 * A sentence's tenant terms ({workspace_lower}, {workspaces_lower}, …) in `language`, by the web
 * app's rule (contract/terms.ts): the tenant's word in that language, else its default word, else
 * the built-in one. Services leave the placeholders in their English so each reader gets their word.
 */
export function fillTerms(sentence: string, terms: Terms, language: Language): string {
  if (!sentence.includes('{workspace')) return sentence;
  const values = termValues(terms, language);
  return sentence.replace(/\{(workspaces?(?:_lower)?)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** An Accept-Language header's tags, best first (by q, then order). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((t) => t.tag);
}

const chosen = new WeakMap<FastifyRequest, Language>();

/**
 * The language a request is answered in (issue 31): the signed-in person's own, else their
 * tenant's default, else the best of Accept-Language that Storeline speaks (anonymous calls such
 * as sign-in and forgot-password), else English.
 */
export async function requestLanguage(request: FastifyRequest, db: Db): Promise<Language> {
  const known = chosen.get(request);
  if (known) return known;
  const session = request.sessionContext;
  let language: Language | undefined = isLanguage(session?.user.language) ? session.user.language : undefined;
  if (!language && session) language = (await loadSettings(db, session.tenantId)).language ?? undefined;
  language ??= firstSpoken(acceptedLanguages(request.headers['accept-language'])) ?? DEFAULT_LANGUAGE;
  chosen.set(request, language);
  return language;
}

/** A person's language for what is sent to them (an e-mail): their own, else their tenant's default. */
export async function personLanguage(
  db: Db,
  tenantId: number,
  own: string | null | undefined,
  fallback?: Language,
): Promise<Language> {
  // Their own needs no read of the settings.
  if (isLanguage(own)) return own;
  return (await readersOf(db, tenantId, fallback))(own);
}

/**
 * The rule of personLanguage for many people of one tenant (a notice's mails and pushes): reads
 * the tenant's default once, then answers each person's language from their own.
 */
export async function readersOf(
  db: Db,
  tenantId: number,
  fallback?: Language,
): Promise<(own: string | null | undefined) => Language> {
  const tenantDefault = (await loadSettings(db, tenantId)).language ?? fallback ?? DEFAULT_LANGUAGE;
  return (own) => (isLanguage(own) ? own : tenantDefault);
}
