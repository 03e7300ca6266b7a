import type { FastifyError } from 'fastify';
import { HttpError, TryAgainLater } from '../../../lib/errors';
import {
  DEADLOCK_DETECTED,
  FOREIGN_KEY_VIOLATION,
  IDLE_IN_TRANSACTION_TIMEOUT,
  isPoolWaitTimeout,
  LOCK_NOT_AVAILABLE,
  pgErrorOf,
  QUERY_CANCELED,
  SERIALIZATION_FAILURE,
  UNIQUE_VIOLATION,
} from '../../../lib/pgErrors';
import { EMAIL_TAKEN } from '../../users/people';
import { ScimError, type ScimType } from './errors';

/** A failure as SCIM answers it (RFC 7644 §3.12), with Retry-After when waiting is the remedy. */
export interface ScimFailure {
  status: number;
  detail: string;
  scimType?: ScimType;
  retryAfter?: number;
}

export const USERNAME_TAKEN =
  'A person with this userName (e-mail address) exists already in this organisation. Find them with filter=userName eq "…" and update them instead.';
const GROUP_TAKEN =
  'A group with this displayName exists already in this organisation. Find it with filter=displayName eq "…" and update it instead.';

function fromDatabase(error: unknown): ScimFailure | undefined {
  const pg = pgErrorOf(error);
  if (pg?.code === UNIQUE_VIOLATION)
    return {
      status: 409,
      scimType: 'uniqueness',
      detail: pg.constraint?.startsWith('scim_groups') ? GROUP_TAKEN : USERNAME_TAKEN,
    };
  if (pg?.code === FOREIGN_KEY_VIOLATION)
    return {
      status: 409,
      detail: 'Something this change refers to was changed or removed meanwhile. Try again.',
    };
  if (pg?.code === SERIALIZATION_FAILURE || pg?.code === DEADLOCK_DETECTED || pg?.code === LOCK_NOT_AVAILABLE)
    return {
      status: 409,
      retryAfter: 2,
      detail: 'Someone else is changing this right now. Try again in a moment.',
    };
  if (pg?.code === QUERY_CANCELED || pg?.code === IDLE_IN_TRANSACTION_TIMEOUT || isPoolWaitTimeout(error))
    return {
      status: 503,
      retryAfter: 5,
      detail: 'Storeline took too long to answer and stopped. Try again in a moment.',
    };
  return undefined;
}

/** Any failure of a /scim/v2 request as a SCIM error; undefined for one that is the server's fault (500). */
export function scimFailureOf(raised: unknown): ScimFailure | undefined {
  if (raised instanceof ScimError)
    return {
      status: raised.statusCode,
      detail: raised.message,
      ...(raised.scimType ? { scimType: raised.scimType } : {}),
    };
  if (raised instanceof TryAgainLater)
    return { status: raised.statusCode, detail: raised.message, retryAfter: raised.retryAfterSeconds };
  if (raised instanceof HttpError) {
    if (raised.statusCode === 409 && raised.message === EMAIL_TAKEN)
      return { status: 409, scimType: 'uniqueness', detail: USERNAME_TAKEN };
    return {
      status: raised.statusCode,
      detail: raised.message,
      ...(raised.statusCode === 400 ? { scimType: 'invalidValue' as const } : {}),
    };
  }
  const database = fromDatabase(raised);
  if (database) return database;
  const fe = raised as FastifyError & { validationContext?: string };
  if (fe.validation) {
    const where = fe.validationContext === 'body' ? 'The body' : `The ${fe.validationContext ?? 'request'}`;
    const first = fe.validation[0];
    const field = first?.instancePath ? ` at ${first.instancePath}` : '';
    return {
      status: 400,
      scimType: fe.validationContext === 'body' ? 'invalidSyntax' : 'invalidValue',
      detail: `${where} is not as SCIM expects${field}: ${first?.message ?? 'not valid'}.`,
    };
  }
  if (fe.statusCode === 415)
    return { status: 415, detail: 'Send the body as application/scim+json (or application/json).' };
  if (fe.statusCode === 413) return { status: 413, detail: 'The body is too large.' };
  if (fe.statusCode === 400 || raised instanceof SyntaxError)
    return { status: 400, scimType: 'invalidSyntax', detail: `The body is not valid JSON: ${fe.message}` };
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500)
    return { status: fe.statusCode, detail: fe.message };
  return undefined;
}
