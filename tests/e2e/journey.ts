import type { Page } from 'playwright-core';
import { afterAll } from 'vitest';
import type { HierarchyNode } from '../../contract/api/session';
import { baseUrl, DEMO_PASSWORD } from './harness';

/*
 * What the journeys share: calls to the running product as a given person (to set the scene or
 * check the outcome), the tasks they publish for it, signing in through the login page and what
 * they read off the app's shell.
 */

/** One API call with a session token; anything but 200 fails the test with the answer's text. */
export async function api<T>(
  path: string,
  token: string,
  init: { method?: string; body?: unknown; query?: Record<string, string | number> } = {},
): Promise<T> {
  const url = new URL(`${baseUrl()}${path}`);
  for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, String(value));
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      'x-requested-with': 'XMLHttpRequest',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** A session token for a demo account. */
export async function signInApi(username: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username} answered ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Fills the sign-in form already on the page and sends it with its button. */
export async function submitSignIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the login page (a demo account unless a password is given) and waits to leave it. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, username, password);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
}

/** The session cookie the app keeps its token in, if the page's browser holds one. */
export async function tokenCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'user_access_token');
}

export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/** Waits for a text anywhere on the page (notifications queue, so allow a few seconds). */
export const seen = (page: Page, text: string | RegExp) =>
  page.getByText(text).first().waitFor({ timeout: 15_000 });

/** The main menu's entries, every group opened, in screen order. */
export async function menuLabels(page: Page): Promise<string[]> {
  const nav = page.getByTestId('main-menu');
  await nav.waitFor({ timeout: 15_000 });
  const closed = nav.locator('[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  return (await nav.getByRole('link').allTextContents()).map((t) => t.trim());
}

/**
 * The ids of the tasks a file publishes: archived as the owner after its tests, so none stays on
 * the stores' days (or in an urgent modal) for the files after it.
 */
export function archivedAfterAll(): number[] {
  const published: number[] = [];
  afterAll(async () => {
    if (published.length === 0) return;
    const token = await signInApi('owner@acme.test');
    for (const id of published) await api('/api/admin/task/archive', token, { method: 'POST', body: { id } });
  });
  return published;
}

/** A task a journey publishes: its type and stores by name, and any other field of the create call. */
type TaskToPublish = {
  type: 'Task' | 'Urgent';
  stores?: readonly string[];
  title: string;
  description: string;
} & Record<string, unknown>;

/**
 * As owner@acme.test: creates and publishes a task of the named type for the named stores (Sydney
 * CBD unless told), noting its id in `published`; answers the id. Unless the other fields say
 * otherwise, it is open from yesterday to 23:00 tomorrow and asks for no evidence.
 */
export async function publishTask(
  published: number[],
  { type, stores = ['Sydney CBD'], ...fields }: TaskToPublish,
): Promise<number> {
  const token = await signInApi('owner@acme.test');
  const verify = await api<{ hierarchy: HierarchyNode[] }>('/api/user/verify', token);
  const include = stores.map((name) => {
    const store = findNode(verify.hierarchy, name);
    if (!store) throw new Error(`${name} is not in the demo hierarchy`);
    return store.id;
  });
  const types = await api<{ data: { id: number; name: string }[] }>('/api/task/types/list', token);
  const found = types.data.find((t) => t.name === type);
  if (!found) throw new Error(`the demo tenant has no ${type} task type`);
  const created = await api<{ id: number }>('/api/admin/task/create', token, {
    method: 'POST',
    body: {
      type_id: found.id,
      start_date: sydneyDay(-1),
      start_time: '00:00',
      due_date: sydneyDay(1),
      due_time: '23:00',
      targets: { include },
      evidence: { comment: false, photos: 0, files: 0 },
      ...fields,
    },
  });
  published.push(created.id);
  await api('/api/admin/task/publish', token, { method: 'POST', body: { id: created.id } });
  return created.id;
}

export function findNode(nodes: readonly HierarchyNode[], name: string): HierarchyNode | undefined {
  for (const node of nodes) {
    if (node.name === name) return node;
    const found = findNode(node.children ?? [], name);
    if (found) return found;
  }
  return undefined;
}

/** YYYY-MM-DD in Sydney (the demo stores' zone), `offset` days from today. */
export function sydneyDay(offset = 0): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/**
 * Types a day (YYYY-MM-DD) into the date field labelled `label` as a person in a demo session
 * does: the demo's zone is Sydney, so the field reads DD/MM/YYYY and is typed day first, from its
 * first part.
 */
export async function typeDay(page: Page, label: string, day: string): Promise<void> {
  const [year, month, date] = day.split('-');
  const field = page.getByRole('group', { name: label, exact: true });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${date}${month}${year}`);
}

/** Types a time (HH:mm) into the time field labelled `label`: 24-hour in the demo's Sydney. */
export async function typeTime(page: Page, label: string, time: string): Promise<void> {
  const field = page.getByRole('group', { name: label, exact: true });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(time.replace(':', ''));
}

/** A day written as the demo's Sydney sessions read it (DD/MM/YYYY). */
export function sydneyPattern(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}
