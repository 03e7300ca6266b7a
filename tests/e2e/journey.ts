import type { Page } from 'playwright-core';
import type { HierarchyNode } from '../../contract/api/session';
import { baseUrl, DEMO_PASSWORD } from './harness';

/*
 * What the journeys share: calls to the running product as a given person (to set the scene or
 * check the outcome) and signing in through the login page.
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

/** Signs a demo account in through the login page and waits to leave it. */
export async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
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
