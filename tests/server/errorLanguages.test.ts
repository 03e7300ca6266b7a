import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { fillTerms, translateSentence } from '../../server/i18n';
import { suiteApp } from './helpers/app';
import { organisation } from './helpers/organisation';

/*
 * Issue 31: a sentence a service answers with is read in the caller's language. Services write
 * English; the catalogues (server/i18n) must hold every such sentence, else it stays English.
 */

const ROOT = path.resolve(__dirname, '../../server');

/** What throws a sentence a person reads: lib/errors.ts's helpers and classes. */
const THROWERS = new Set([
  'badRequest',
  'conflict',
  'forbidden',
  'unauthorized',
  'notFound',
  'HttpError',
  'TooManyAttempts',
]);

/**
 * Not checked here: the developer's 404 for an unknown API route; a sentence whose part is a word
 * chosen in code, held by the catalogues word by word ("You cannot move the node …", "… delete …");
 * the OpenID scopes Storeline asks a provider for; an import's report.
 */
const NOT_READ = new Set([
  'No API route 1 1',
  'You cannot 1 the node your own position is at.',
  'You cannot 1 your own account.',
  'The 1 node cannot be moved',
  'the 1 node stays where it is',
  'The 1 node cannot be deleted',
  'the 1 node stays',
  '1 the role "1". Give them another role before deleting it.',
  '1 1 the department "1"; move 1 to another one first',
  '1 1 the type "1"; give 1 another type first',
  'Too many attempts. Please wait 1 minute1 and try again.',
  'Your organisation signs you in through 1: choose “Continue with 1” instead of a password.',
  'openid email profile',
  // An import's report and its row sentences: a file of its own, in English.
  'give a path such as "New South Wales / Sydney Metro / Sydney CBD" or a store identifier',
  '1 errors, so nothing was imported. Correct them, or import only the valid rows.',
  // A Content-Security-Policy, not a sentence.
  "style-src 'unsafe-inline'; img-src data:",
  // SCIM's answers (issue 47) go to the directory's software and its provisioning log, as RFC 7644's
  // `detail`: no SCIM request carries a reader's language, so they are English (/scim/v2 below too).
  'This SCIM token has made its 1 requests of this minute. Try again in 1 seconds.',
  'Your organisation’s SCIM tokens together have made their 1 requests of this minute. Try again in 1 seconds.',
]);
/** SCIM's own answers, for the reason above: the protocol's folder and its guard. */
const SCIM_PROTOCOL = [path.join('modules', 'scim', 'protocol'), path.join('modules', 'scim', 'guard.ts')];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (SCIM_PROTOCOL.some((scim) => full.endsWith(scim))) return [];
    if (entry.isDirectory()) return entry.name === 'i18n' ? [] : files(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** A sentence of literals and `${…}` parts, each part read as `part`; undefined for anything else. */
function textOf(node: Node, part: string): string | undefined {
  if (node.type === 'Literal') return typeof node.value === 'string' ? node.value : undefined;
  if (node.type === 'TemplateLiteral')
    return (node.quasis as { value: { cooked: string } }[]).map((q) => q.value.cooked).join(part);
  if (node.type === 'BinaryExpression' && node.operator === '+' && isNode(node.left) && isNode(node.right)) {
    const [left, right] = [textOf(node.left, part), textOf(node.right, part)];
    return left === undefined || right === undefined ? undefined : left + right;
  }
  return undefined;
}

/** What a `${…}` part usually is: a count, else a date. */
const PARTS = ['1', '2024-05-01'];

/**
 * The sentences a person may read in an answer: those given to a thrower, each module's
 * unique-name sentences, a field's sentence (`errors.name = '…'`) and a sentence kept in a
 * constant (`const OUTSIDE_SCOPE = '…'`, `const message = `…``), each with its `${…}` parts as a
 * sample. SQL (tagged templates) and tables of labels are not sentences of an answer.
 */
function sentencesIn(file: string): { where: string; samples: string[] }[] {
  const code = readFileSync(file, 'utf8');
  const found: { where: string; samples: string[] }[] = [];
  const where = (node: Node) =>
    `${path.relative(ROOT, file)}:${code.slice(0, node.start).split('\n').length}`;
  const keep = (node: Node) => {
    const samples = PARTS.map((part) => textOf(node, part)).filter((t): t is string => t !== undefined);
    if (samples[0] && /[A-Za-z]+ [a-z]/.test(samples[0])) found.push({ where: where(node), samples });
  };
  const visit = (node: Node, inThrower: boolean) => {
    if (node.type === 'TaggedTemplateExpression') return;
    let here = inThrower;
    if ((node.type === 'CallExpression' || node.type === 'NewExpression') && isNode(node.callee))
      here ||= THROWERS.has(String(node.callee.name));
    if (node.type === 'Property' && isNode(node.key) && node.key.name === 'constraints') here = true;
    if (node.type === 'AssignmentExpression' && isNode(node.left) && node.left.type === 'MemberExpression')
      here ||= isNode(node.left.object) && node.left.object.name === 'errors';
    if (node.type === 'VariableDeclarator' && isNode(node.id) && isNode(node.init)) {
      if (/^([A-Z][A-Z_]+|message)$/.test(String(node.id.name)) && textOf(node.init, '1') !== undefined) {
        keep(node.init);
        return;
      }
    }
    if (here && (node.type === 'Literal' || node.type === 'TemplateLiteral')) {
      keep(node);
      return;
    }
    for (const child of Object.values(node)) {
      if (Array.isArray(child)) for (const c of child) isNode(c) && visit(c, here);
      else if (isNode(child)) visit(child, here);
    }
  };
  visit(parseAst(code, { lang: 'ts' }) as unknown as Node, false);
  return found;
}

describe('the sentences services answer with', () => {
  it('are all held by the catalogues, so none stays English for a Spanish or French reader', () => {
    const english = files(ROOT)
      .flatMap(sentencesIn)
      .filter(({ samples }) => !NOT_READ.has(samples[0]!))
      .filter(({ samples }) =>
        samples.every((s) => translateSentence('es', s) === s || translateSentence('fr', s) === s),
      )
      .map(({ where, samples }) => `${where} ${samples[0]}`);
    expect(english).toEqual([]);
  });

  it('name the tenant’s term in the reader’s language: the word in it, else the default word, else the built-in', () => {
    const sentence = 'You cannot deactivate the {workspace_lower} your own position is at.';
    const terms = { workspace: 'Store', 'workspace@fr': 'Succursale' };
    expect(fillTerms(translateSentence('fr', sentence), terms, 'fr')).toBe(
      'Vous ne pouvez pas désactiver le lieu de votre propre poste (succursale).',
    );
    expect(fillTerms(translateSentence('es', sentence), terms, 'es')).toBe(
      'No puedes desactivar el lugar de tu propio puesto (store).',
    );
    expect(fillTerms(translateSentence('es', sentence), {}, 'es')).toBe(
      'No puedes desactivar el lugar de tu propio puesto (espacio de trabajo).',
    );
    expect(fillTerms(sentence, terms, 'en')).toBe('You cannot deactivate the store your own position is at.');
  });
});

const t = suiteApp();
const org = organisation(t);

describe('a service’s refusal', () => {
  it('comes back in the caller’s language, with the tenant’s term in it, in the same shape', async () => {
    const OWNER = 'owner@globex.test';
    // Globex calls a workspace a Branch, and a Succursale in French (none in Spanish).
    const terms = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/setting/update',
      payload: { terms: { 'workspace@fr': 'Succursale' } },
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const shelbyville = (
      await t.injectAs(OWNER, { url: '/api/workspace/list', query: { search_key: 'Shelbyville' } })
    ).json().data.data[0] as { id: number };
    const setStatus = (verb: 'activate' | 'deactivate') =>
      t.injectAs(OWNER, { method: 'PUT', url: `/api/workspace/${verb}`, payload: { id: shelbyville.id } });
    expect((await setStatus('deactivate')).statusCode).toBe(200);
    const active = await org.activeWorkspaces('globex');
    await org.setMaxActive(active, 'globex');
    try {
      const refusal = async (language: string) => {
        await org.setLanguage(OWNER, language);
        const res = await setStatus('activate');
        expect(res.statusCode).toBe(409);
        expect(Object.keys(res.json()).sort()).toEqual(['message', 'status']);
        return res.json().message as string;
      };
      expect(await refusal('fr')).toBe(
        `La limite de ${active} actifs (succursales ; ${active} sont actifs) est atteinte. Désactivez-en un d’abord, ou demandez au support Storeline de relever la limite.`,
      );
      expect(await refusal('es')).toBe(
        `Se ha alcanzado el límite de ${active} activos (branches; hay ${active} activos). Desactiva uno antes o pide al soporte de Storeline que amplíe el límite.`,
      );
      expect(await refusal('en')).toBe(
        `The limit of ${active} active branches is reached (${active} are active). Deactivate one first, or ask Storeline support to raise the limit.`,
      );
    } finally {
      await org.setMaxActive(50, 'globex');
      await org.setLanguage(OWNER, null);
    }
    expect((await setStatus('activate')).statusCode).toBe(200);
  });

  it('names the 401 of a person with no active position by a code, as its sentence is in their language', async () => {
    await org.addUser('broken.hill@acme.test', 'Broken Hill', 'Team Member');
    await org.setLanguage('broken.hill@acme.test', 'fr');
    const store = (
      await t.injectAs('owner@acme.test', {
        url: '/api/workspace/list',
        query: { search_key: 'Broken Hill' },
      })
    ).json().data.data[0] as { id: number };
    const setStatus = (verb: 'activate' | 'deactivate') =>
      t.injectAs('owner@acme.test', {
        method: 'PUT',
        url: `/api/workspace/${verb}`,
        payload: { id: store.id },
      });
    expect((await setStatus('deactivate')).statusCode).toBe(200);
    try {
      const res = await t.injectAs('broken.hill@acme.test', { url: '/api/user/verify' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        status: 401,
        message:
          'Vous n’avez aucun poste dans un espace actif. Demandez à votre administrateur de vous affecter.',
        code: 'NO_ACTIVE_WORKSPACE',
      });
    } finally {
      expect((await setStatus('activate')).statusCode).toBe(200);
    }
  });

  it('answers a French caller in French and an English one in English', async () => {
    const bad = { method: 'PUT' as const, url: '/api/profile/update', payload: {} };
    const english = await t.injectAs('staff@acme.test', bad);
    expect(english.statusCode, english.body).toBe(400);
    expect(english.json().message).toBe('Nothing to update');
    await org.setLanguage('staff@acme.test', 'fr');
    const french = await t.injectAs('staff@acme.test', bad);
    expect(french.statusCode).toBe(400);
    expect(french.json()).toMatchObject({ status: 400, message: 'Rien à mettre à jour' });
  });
});
