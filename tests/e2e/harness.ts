import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, inject, onTestFailed } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';

export const DEMO_PASSWORD = 'storeline-demo';
const SCREENSHOTS = path.resolve('test-results', 'e2e');

/** The running product started by globalSetup (fresh embedded database with demo data). */
export function baseUrl(): string {
  return inject('baseUrl');
}

export function openBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

interface PageOptions {
  viewport?: { width: number; height: number };
  timezoneId?: string;
  locale?: string;
  /** Blocked unless a journey is about the service worker (offline, push). */
  serviceWorkers?: 'allow' | 'block';
}

async function newPage(browser: Browser, opts: PageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    timezoneId: opts.timezoneId ?? 'Australia/Sydney',
    locale: opts.locale ?? 'en-AU',
    // The journeys are about the pages; the service worker has its own journeys (offline,
    // notifications) and the console sweep. Without it a context skips precaching the whole app.
    serviceWorkers: opts.serviceWorkers ?? 'block',
  });
  return context.newPage();
}

/**
 * A file's browser: launched before its tests and closed after them. `open` gives a page (in a
 * context of its own) that is photographed if its test fails and closed before the next test
 * rather than after this one: vitest runs onTestFailed (the failure screenshot) after afterEach
 * hooks, and a closed page cannot be photographed. A page opened with `keep` lives across the
 * steps of a journey until its test closes it.
 */
export function fileBrowser(): {
  open(name: string, opts?: PageOptions & { keep?: boolean }): Promise<Page>;
} {
  let browser: Browser | undefined;
  const pages: Page[] = [];
  const closePages = async () => {
    for (const page of pages.splice(0)) await page.context().close();
  };
  beforeAll(async () => {
    browser = await openBrowser();
  });
  beforeEach(closePages);
  afterAll(async () => {
    await closePages();
    await browser?.close();
  });
  return {
    async open(name, { keep = false, ...opts } = {}) {
      if (!browser) throw new Error('the browser is launched in beforeAll');
      const page = await newPage(browser, opts);
      if (!keep) pages.push(page);
      screenshotOnFailure(page, name);
      return page;
    },
  };
}

/** Keeps a screenshot of the page in test-results/e2e when the current test fails. */
export function screenshotOnFailure(page: Page, name: string): void {
  onTestFailed(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const file = path.join(SCREENSHOTS, `${name.replace(/[^a-z0-9-]+/gi, '_')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  });
}

function linksInLog(email: string): string[] {
  const links: string[] = [];
  for (const line of readFileSync(inject('serverLog'), 'utf8').split('\n')) {
    if (!line.includes('"mailTo"')) continue;
    try {
      const entry = JSON.parse(line) as { mailTo?: string; link?: string };
      if (entry.mailTo?.toLowerCase() === email.toLowerCase() && entry.link) links.push(entry.link);
    } catch {
      // not a JSON log line
    }
  }
  return links;
}

/**
 * The newest reset link e-mailed to this address. Without SMTP the server logs each mail with its
 * link; pass the link you already used to wait for a newer one.
 */
export async function resetLinkFor(email: string, previous?: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const newest = linksInLog(email).at(-1);
    if (newest && newest !== previous) return newest;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no reset link for ${email} in the server log after ${timeoutMs / 1000}s`);
}
