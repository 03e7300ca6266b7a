import { describe, expect, it } from 'vitest';
import type { HierarchyNode } from '../../contract/api/session';
import { DEMO_LANGUAGES } from '../../server/seed/people';
import { axeFindings } from './axe';
import { DEMO_PASSWORD, fileBrowser } from './harness';
import { api, archivedAfterAll, publishTask, signIn, signInApi } from './journey';
import { settle } from './screens';

/*
 * Storeline in each language it speaks (issue 31): a demo team member who chose Spanish or French
 * signs in on an English browser, lands on My Tasks' day in their language, opens the phone's
 * menu and finds it in their language too, and completes a task in it; the owner, who chose no
 * language, reads an administration list in a Spanish or French browser's language; every screen
 * stays axe-clean in it.
 */

const { open } = fileBrowser();
/** Tasks this file published: archived at the end, so they do not stay on the stores' days. */
const published = archivedAfterAll();

const WORDS = {
  es: {
    myTasks: 'Mis tareas',
    next: 'Día siguiente',
    menu: 'Navegación principal',
    open: 'Abrir el menú',
    done: 'Marcar como hecha',
    users: 'Usuarios',
    taskType: 'Tarea',
    loading: 'Cargando su espacio de trabajo…',
    locale: 'es-ES',
  },
  fr: {
    myTasks: 'Mes tâches',
    next: 'Jour suivant',
    menu: 'Navigation principale',
    open: 'Ouvrir le menu',
    done: 'Marquer comme faite',
    users: 'Utilisateurs',
    taskType: 'Tâche',
    loading: 'Chargement de votre espace…',
    locale: 'fr-FR',
  },
} as const;

const who = (language: 'es' | 'fr') => Object.entries(DEMO_LANGUAGES).find(([, l]) => l === language)![0];

/** The store a team member works at: the one leaf of the tree their session sees. */
function storeOf(nodes: readonly HierarchyNode[]): HierarchyNode {
  const node = nodes[0];
  if (!node) throw new Error('the person sees no part of the tree');
  return node.children.length > 0 ? storeOf(node.children) : node;
}

/** As the owner: a task without evidence for `username`'s store, open from yesterday to tomorrow. */
async function publishTaskFor(username: string, title: string): Promise<void> {
  const verify = await api<{ hierarchy: HierarchyNode[] }>('/api/user/verify', await signInApi(username));
  await publishTask(published, {
    type: 'Task',
    title,
    description: '<p>Check the price labels on aisle 4.</p>',
    targets: { include: [storeOf(verify.hierarchy).id] },
  });
}

describe.each(['es', 'fr'] as const)('in %s', (language) => {
  const words = WORDS[language];

  it('shows the day on My Tasks and the menu in the person’s language, axe-clean (desktop)', async () => {
    const page = await open(`languages-${language}-desktop`);
    await signIn(page, who(language));
    await page.waitForURL((url) => url.pathname === '/task', { timeout: 15_000 });
    await settle(page);
    expect(await page.locator('html').getAttribute('lang')).toBe(language);
    const nav = page.getByRole('navigation', { name: words.menu });
    await expect.poll(() => nav.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await nav.getByText(words.myTasks, { exact: true }).count()).toBeGreaterThan(0);
    // The day screen, in the person's language: its next-day button.
    await page.getByRole('button', { name: words.next }).waitFor({ timeout: 20_000 });
    await settle(page);
    // The week's days are named in the language too (the zone's region, the reader's words).
    expect(await page.getByRole('main').innerText()).not.toMatch(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b/);
    expect(await axeFindings(page, `my tasks (${language}, desktop)`)).toEqual([]);
  });

  it('opens the phone’s menu in the person’s language, axe-clean (390 px)', async () => {
    const page = await open(`languages-${language}-phone`, { viewport: { width: 390, height: 844 } });
    await signIn(page, who(language));
    await page.waitForURL((url) => url.pathname === '/task', { timeout: 15_000 });
    await settle(page);
    // The day screen, in the person's language: its next-day button.
    await page.getByRole('button', { name: words.next }).waitFor({ timeout: 20_000 });
    await settle(page);
    expect(await axeFindings(page, `my tasks (${language}, phone)`)).toEqual([]);
    await page.getByRole('button', { name: words.open }).click();
    const nav = page.getByRole('navigation', { name: words.menu });
    await nav.getByRole('link', { name: words.myTasks }).waitFor({ timeout: 10_000 });
    expect(await axeFindings(page, `menu drawer (${language}, phone)`)).toEqual([]);
  });

  it('completes a task on My Tasks in the person’s language', async () => {
    const title = `Price labels (${language}, ${Date.now()})`;
    await publishTaskFor(who(language), title);
    const page = await open(`languages-${language}-complete`);
    await signIn(page, who(language));
    await page.waitForURL((url) => url.pathname === '/task', { timeout: 15_000 });
    // The type's group is headed by its name in the person's language (issue 44 item 3).
    await page
      .getByRole('heading', { level: 2, name: words.taskType, exact: true })
      .waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: title }).first().click({ timeout: 20_000 });
    const drawer = page.getByTestId('task-drawer');
    await drawer.getByRole('button', { name: words.done }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByTestId('done-section').getByRole('button', { name: title }).waitFor();
    expect(await axeFindings(page, `my tasks after completing (${language})`)).toEqual([]);
  });

  it('says “Loading your workspace…” in the person’s language when the app is opened again', async () => {
    const page = await open(`languages-${language}-loading`);
    await signIn(page, who(language));
    await page.waitForURL((url) => url.pathname === '/task', { timeout: 15_000 });
    await settle(page);
    // Opened again, signed in: the loading screen shows before verify answers, which is held back.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/user/verify*', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByRole('progressbar', { name: words.loading }).waitFor({ timeout: 15_000 });
    release();
    await page.getByRole('button', { name: words.next }).waitFor({ timeout: 20_000 });
  });

  it('shows the owner, who chose no language, the users list in the browser’s language', async () => {
    const page = await open(`languages-${language}-users`, { locale: words.locale });
    // The sign-in page is in the browser's language too: sign in without naming its button.
    await page.goto('/login');
    await page.locator('input[name="username"]').fill('owner@acme.test');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('input[name="password"]').press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
    await page.goto('/admin/user');
    await settle(page);
    expect(await page.locator('html').getAttribute('lang')).toBe(language);
    await page.getByRole('heading', { name: words.users }).waitFor({ timeout: 10_000 });
    // The list's rows are the tenant's people, by name: the area manager (Aaron Area) comes first.
    await page.getByRole('main').getByText('area@acme.test').first().waitFor();
    expect(await axeFindings(page, `users list (${language})`)).toEqual([]);
  });
});
