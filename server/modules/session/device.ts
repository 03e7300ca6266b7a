import type { FastifyRequest } from 'fastify';

/**
 * The device of a session as its person recognises it in their list ("Chrome on Android"), from
 * the User-Agent it signed in with. The seam for a maintained parser: bowser (MIT) is in the tree
 * through the AWS SDK but is not one of the project's own dependencies, so until it is, this
 * reads the handful of browsers and systems people sign in with; anything else is named by
 * what is known of it, or not at all.
 */
export interface Device {
  browser: string | null;
  os: string | null;
}

/** Longer User-Agents are cut before they are stored: they say who made the browser, not more. */
export const SESSION_USER_AGENT_CHARS = 512;

// First match wins: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari".
const BROWSERS: [string, RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\//],
  ['Opera', /\bOPR\/|\bOPT\/|\bOpera\b/],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Firefox', /\b(?:Firefox|FxiOS)\//],
  ['Chrome', /\b(?:Chrome|CriOS)\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

// iPhones and iPads say "like Mac OS X", Android says "Linux": the specific ones come first.
const SYSTEMS: [string, RegExp][] = [
  ['iPhone', /\biPhone\b/],
  ['iPad', /\biPad\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMacintosh\b|\bMac OS X\b/],
  ['Linux', /\bLinux\b/],
];

const first = (list: [string, RegExp][], userAgent: string) =>
  list.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? null;

export function parseDevice(userAgent: string | null): Device {
  if (!userAgent) return { browser: null, os: null };
  return { browser: first(BROWSERS, userAgent), os: first(SYSTEMS, userAgent) };
}

/** The summary in English, for the API's readers; the web app words it from browser and os itself. */
export function deviceSummary({ browser, os }: Device): string {
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}

/** Where a session starts or is seen from: what a person recognises it by in their list. */
export interface SessionOrigin {
  userAgent: string | null;
  address: string | null;
}

// Control characters (a NUL) cannot be stored in a text column and mean nothing to a reader.
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what this removes
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * The request's User-Agent (cut to SESSION_USER_AGENT_CHARS) and client address. The address is
 * Fastify's `request.ip`: behind a proxy named by TRUST_PROXY (config.ts), the client's from
 * X-Forwarded-For; otherwise the connection's.
 */
export function originOf(request: FastifyRequest): SessionOrigin {
  const header = request.headers['user-agent'];
  const userAgent = (Array.isArray(header) ? header[0] : header)?.replace(CONTROL, '').trim();
  return { userAgent: userAgent ? userAgent.slice(0, SESSION_USER_AGENT_CHARS) : null, address: request.ip };
}
