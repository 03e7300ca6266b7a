import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ApiRateLimits, rateLimitGroupOf } from '../config';
import type { Db } from '../db/client';
import { countAttempt, takeBack } from './attemptWindows';
import { TooManyAttempts } from './errors';

/** The headers every answer to a token's request carries (the IETF draft's three, as @fastify/rate-limit names them). */
export const RATE_LIMIT_HEADERS = {
  limit: 'ratelimit-limit',
  remaining: 'ratelimit-remaining',
  reset: 'ratelimit-reset',
} as const;

/** Who reached a limit: the token itself, or all of its tenant's tokens together. */
type Reached = 'token' | 'tenant';

/** API tokens (issue 46) and the directory's SCIM tokens (issue 47) are counted apart. */
export type TokenKind = 'api' | 'scim';

function limitReached(who: Reached, limit: number, seconds: number, kind: TokenKind): TooManyAttempts {
  if (kind === 'scim')
    return new TooManyAttempts(
      seconds,
      who === 'token'
        ? `This SCIM token has made its ${limit} requests of this minute. Try again in ${seconds} seconds.`
        : `Your organisation’s SCIM tokens together have made their ${limit} requests of this minute. Try again in ${seconds} seconds.`,
    );
  return who === 'token'
    ? new TooManyAttempts(
        seconds,
        `This API token has made its ${limit} requests of this minute for these routes. Try again in ${seconds} seconds.`,
      )
    : new TooManyAttempts(
        seconds,
        `Your organisation’s API tokens together have made their ${limit} requests of this minute for these routes. Try again in ${seconds} seconds.`,
      );
}

/**
 * Counts a request made with an API token against its token's and its tenant's limits of its route
 * group, in the shared windows every process counts in (lib/attemptWindows.ts: one upsert of both),
 * and answers the tighter of the two in the RateLimit headers. Over either limit: 429 with
 * Retry-After, and the request is taken back from both counts, so a token hammering past its own
 * limit does not use up what its tenant's other tokens may still do.
 */
export async function countTokenRequest(
  db: Db,
  limits: ApiRateLimits,
  windowSeconds: number,
  request: FastifyRequest,
  reply: FastifyReply,
  token: { tenantId: number; id: number; kind?: TokenKind },
): Promise<void> {
  const kind = token.kind ?? 'api';
  const group = rateLimitGroupOf(request.method, request.routeOptions.url ?? request.url);
  const limit = limits[group];
  const now = Date.now();
  const keys = {
    token: JSON.stringify([kind, group, 'token', token.tenantId, token.id]),
    tenant: JSON.stringify([kind, group, 'tenant', token.tenantId]),
  };
  const counted = await countAttempt(
    db,
    [
      { key: keys.token, ms: windowSeconds * 1000 },
      { key: keys.tenant, ms: windowSeconds * 1000 },
    ],
    now,
  );
  const windows = [
    { ...counted.get(keys.token)!, max: limit.perToken, who: 'token' as Reached },
    { ...counted.get(keys.tenant)!, max: limit.perTenant, who: 'tenant' as Reached },
  ];
  const seconds = (resetAt: number) => Math.max(1, Math.ceil((resetAt - now) / 1000));
  const left = (w: (typeof windows)[number]) => Math.max(0, w.max - w.count);
  const tightest = windows.reduce((a, b) => (left(b) < left(a) ? b : a));
  reply.header(RATE_LIMIT_HEADERS.limit, String(tightest.max));
  reply.header(RATE_LIMIT_HEADERS.remaining, String(left(tightest)));
  reply.header(RATE_LIMIT_HEADERS.reset, String(seconds(tightest.resetAt)));
  const over = windows.filter((w) => w.count > w.max);
  if (over.length === 0) return;
  await takeBack(db, [keys.token, keys.tenant], now);
  const first = over.reduce((a, b) => (b.resetAt > a.resetAt ? b : a));
  const wait = seconds(first.resetAt);
  reply.header(RATE_LIMIT_HEADERS.reset, String(wait));
  throw limitReached(first.who, first.max, wait, kind);
}
