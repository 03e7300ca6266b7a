// @vitest-environment node
// Pure logic: no DOM needed, so no jsdom to build for this file.
import { describe, expect, it } from 'vitest';
import { termValues } from '../../src/i18n/terms';
import { translate } from '../../src/i18n/translate';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { clearSession, setSessionUser } from '../../src/session/sessionStore';
import { toSessionUser } from '../../src/session/sessionUser';
import { verifyData } from './fixtures';

describe('i18n with tenant terms', () => {
  it('interpolates the tenant term into every label that names a workspace', () => {
    const i18n = createI18nProvider(() => ({ workspace: 'Store' }));
    expect(i18n.translate('menu.workspace_info')).toBe('Store Info');
    expect(i18n.translate('menu.audit_store')).toBe('Audit By Store');
    expect(i18n.translate('pages.workspaces')).toBe('Stores');
    expect(i18n.translate('pages.workspace_create')).toBe('New store');
  });

  it('falls back to "Workspace" when the tenant has no term', () => {
    const i18n = createI18nProvider(() => ({}));
    expect(i18n.translate('menu.workspace_info')).toBe('Workspace Info');
    expect(i18n.translate('menu.audit_store')).toBe('Audit By Workspace');
  });

  it('plurals terms in English unless the tenant gives the plural', () => {
    expect(termValues({ workspace: 'Branch' }).workspaces).toBe('Branches');
    expect(termValues({ workspace: 'Pharmacy' }).workspaces).toBe('Pharmacies');
    expect(termValues({ workspace: 'Site', workspaces: 'Locations' }).workspaces).toBe('Locations');
  });

  it('reads a term in the reader’s language, else the tenant’s default word, else the built-in (issue 31)', () => {
    const terms = {
      workspace: 'Store',
      workspaces: 'Stores',
      'workspace@fr': 'Magasin',
      'workspace@es': 'Tienda',
    };
    expect(termValues(terms, 'fr')).toMatchObject({ workspace: 'Magasin', workspaces: 'Magasins' });
    expect(termValues({ ...terms, 'workspaces@es': 'Las tiendas' }, 'es').workspaces).toBe('Las tiendas');
    expect(termValues(terms, 'en')).toMatchObject({ workspace: 'Store', workspaces: 'Stores' });
    expect(termValues({ workspace: 'Store' }, 'fr').workspace).toBe('Store');
    expect(termValues({}, 'fr').workspace).toBe('Espace');
    const i18n = createI18nProvider(() => terms, 'fr');
    expect(i18n.translate('menu.workspace_info')).toBe('Infos magasin');
  });

  it('keeps react-admin messages and lets caller options win', () => {
    const i18n = createI18nProvider(() => ({ workspace: 'Store' }));
    expect(i18n.translate('ra.action.save')).toBe('Save');
    expect(i18n.translate('shell.under_development_body', { page: 'Library' })).toContain('Library is on');
  });

  it('follows the signed-in tenant outside react-admin too', () => {
    expect(translate('menu.workspace_info')).toBe('Workspace Info');
    setSessionUser(toSessionUser(verifyData({ terms: { workspace: 'Branch' } }), 't'));
    expect(translate('menu.workspace_info')).toBe('Branch Info');
    expect(translate('auth.error_no_active_workspace')).toContain('active branch');
    clearSession();
  });
});
