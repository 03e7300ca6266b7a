import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/languages';
import { acceptedLanguages, SERVER_CATALOGUES, translateSentence } from '../../server/i18n';
import { suiteApp } from './helpers/app';
import { organisation } from './helpers/organisation';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the server’s catalogues', () => {
  it('hold the same keys with the same placeholders in every language, none empty', () => {
    const keys = Object.keys(SERVER_CATALOGUES.en).sort();
    for (const language of LANGUAGES) {
      const catalogue = SERVER_CATALOGUES[language];
      expect(Object.keys(catalogue).sort(), language).toEqual(keys);
      for (const key of keys) {
        const text = catalogue[key as keyof typeof catalogue];
        expect(text.trim(), `${language} ${key}`).not.toBe('');
        expect(placeholders(text), `${language} ${key}`).toEqual(
          placeholders(SERVER_CATALOGUES.en[key as keyof typeof catalogue]),
        );
      }
    }
  });

  it('read a sentence with its parts, and leave one they do not hold in English', () => {
    expect(translateSentence('es', 'Department not found')).toBe('Departamento: no encontrado');
    expect(translateSentence('fr', 'Name can be at most 80 characters long')).toBe(
      'Nom peut compter au plus 80 caractères',
    );
    expect(translateSentence('fr', 'Page must be a whole number or text')).toBe(
      'Page doit être un nombre entier ou du texte',
    );
    expect(translateSentence('es', 'Nothing the catalogues hold')).toBe('Nothing the catalogues hold');
    // Kinds are kept apart: an export's title pattern never reads an error.
    expect(translateSentence('es', 'Overall 2026-01-01 to 2026-01-31', 'export')).toBe(
      'General del 2026-01-01 al 2026-01-31',
    );
    expect(translateSentence('es', 'Overall 2026-01-01 to 2026-01-31')).toBe(
      'Overall 2026-01-01 to 2026-01-31',
    );
  });

  it('take the best of Accept-Language by q', () => {
    expect(acceptedLanguages('de-DE, fr;q=0.8, es-MX;q=0.9, *;q=0.1')).toEqual(['de-DE', 'es-MX', 'fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

const t = suiteApp();
const org = organisation(t);

describe('answers in the caller’s language', () => {
  it('speaks the person’s own language, else the tenant’s, else Accept-Language, else English', async () => {
    const missing = { url: '/api/department/get', query: { id: 999_999 } };
    expect((await t.injectAs('owner@acme.test', missing)).json().message).toBe('Department not found');
    await org.setLanguage('owner@acme.test', 'es');
    const es = (await t.injectAs('owner@acme.test', missing)).json();
    expect(es.message).toBe('Departamento: no encontrado');
    // A bad field: the sentence and its field's name, in Spanish.
    const bad = await t.injectAs('owner@acme.test', {
      method: 'POST',
      url: '/api/department/create',
      payload: { colour: '#aa3366' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.name).toBe('Nombre es obligatorio');
    // The tenant's default for someone who has not chosen.
    await org.setLanguage('owner@acme.test', null);
    const saved = await t.injectAs('owner@acme.test', {
      method: 'PUT',
      url: '/api/setting/update',
      payload: { language: 'fr' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // (A store manager may not read departments at all: the refusal, in French.)
    expect((await t.injectAs('store@acme.test', missing)).json().message).toBe(
      'Vous n’avez pas l’autorisation de faire ceci.',
    );
    // Anonymous calls: the browser's language.
    const signIn = await t.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' },
      payload: { username: 'owner@acme.test', password: 'wrong-password', timezone: 'Australia/Sydney' },
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().message).toBe('Usuario o contraseña incorrectos');
    // Signed in: the answer names what the person reads, for the loading screen before verify.
    const signedIn = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'owner@acme.test', password: 'storeline-demo', timezone: 'Australia/Sydney' },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.language).toBe('fr');
    const anonymous = await t.inject({ url: '/api/user/verify' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toMatch(/sign in/i);
  });

  it('mails a reset link in the person’s language, or the asker’s browser’s', async () => {
    await t.inject({
      method: 'POST',
      url: '/api/passwordforgot',
      headers: { 'accept-language': 'fr-CA' },
      payload: { username: 'owner@globex.test' },
    });
    await t.app.jobs.drain();
    const [mail] = await t.mailsTo('owner@globex.test');
    expect(mail!.subject).toBe('Réinitialisez votre mot de passe Storeline');
    expect(mail!.body).toMatch(/^Bonjour .+,\n\nQuelqu’un/);
    expect(mail!.body).toContain('Ouvrez ce lien dans les 60 minutes');
  });

  it('names an export’s columns in the reader’s language', async () => {
    await org.setLanguage('area@acme.test', 'es');
    const res = await t.injectAs('area@acme.test', {
      url: '/api/report/overall',
      query: { from: '2026-01-01', to: '2026-01-31', format: 'csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const header = res.body.replace(/^\uFEFF/, '').split('\n')[0];
    expect(header).toMatch(/^Grupo,Nombre,Asignadas,Hechas,A tiempo/);
    expect(res.headers['content-disposition']).toMatch(/general-del-2026-01-01-al-2026-01-31\.csv/);
  });
});

describe('terms per language', () => {
  it('keeps a word per language beside the default one, and refuses a language Storeline does not speak', async () => {
    const save = (terms: Record<string, string>) =>
      t.injectAs('owner@globex.test', { method: 'PUT', url: '/api/setting/update', payload: { terms } });
    expect((await save({ 'workspace@fr': 'Succursale', 'workspaces@fr': '' })).statusCode).toBe(200);
    const verify = (await t.injectAs('owner@globex.test', { url: '/api/user/verify' })).json().data;
    expect(verify.terms).toMatchObject({ workspace: 'Branch', 'workspace@fr': 'Succursale' });
    const refused = await save({ 'workspace@de': 'Filiale' });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['terms.workspace@de']);
  });
});
