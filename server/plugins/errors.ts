import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Language } from '../../contract/languages';
import type { Terms } from '../../contract/terms';
import { fillTerms, requestLanguage, translateSentence } from '../i18n';
import { HttpError, TryAgainLater } from '../lib/errors';
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
} from '../lib/pgErrors';
import { describeIssues, type ValidationIssue } from '../lib/validationMessages';
import type { ServerModule } from '../modules/module';
import { loadTerms } from '../modules/settings/service';

/** The constraints every module names ("already exists" races), by constraint. */
type ConstraintMessages = Map<string, readonly [field: string, message: string]>;

function conflictOf(
  error: unknown,
  constraints: ConstraintMessages,
): { message: string; errors?: Record<string, string> } | undefined {
  const pg = pgErrorOf(error);
  if (!pg) return undefined;
  if (pg.code === UNIQUE_VIOLATION) {
    const known = pg.constraint ? constraints.get(pg.constraint) : undefined;
    return known
      ? { message: known[1], errors: { [known[0]]: known[1] } }
      : { message: 'This record already exists.' };
  }
  if (pg.code === FOREIGN_KEY_VIOLATION)
    return {
      message: 'Something this change refers to was changed or removed meanwhile. Reload and try again.',
    };
  if (pg.code === SERIALIZATION_FAILURE || pg.code === DEADLOCK_DETECTED)
    return { message: 'Someone else changed this at the same moment. Reload and try again.' };
  return undefined;
}

/**
 * A time limit of the database (db/limits.ts) that stopped the request: its transaction was rolled
 * back, so the same request again, a moment later, is the person's remedy.
 */
function timeLimitOf(error: unknown): TryAgainLater | undefined {
  const code = pgErrorOf(error)?.code;
  if (code === LOCK_NOT_AVAILABLE)
    return new TryAgainLater(
      409,
      2,
      'Someone else is changing this right now. Please try again in a moment.',
    );
  if (code === QUERY_CANCELED || code === IDLE_IN_TRANSACTION_TIMEOUT || isPoolWaitTimeout(error))
    return new TryAgainLater(
      503,
      5,
      'Storeline took too long to answer and stopped. Please try again in a moment.',
    );
  return undefined;
}

/** One error handler shapes every failure into the envelope `{ status, message, errors? }`. */
export const errorsPlugin = fp(async (app: FastifyInstance, opts: { modules: readonly ServerModule[] }) => {
  const constraints: ConstraintMessages = new Map(
    opts.modules.flatMap((module) => Object.entries(module.constraints ?? {})),
  );
  app.setErrorHandler(async (raised: FastifyError | HttpError, request, reply) => {
    const limited = timeLimitOf(raised);
    if (limited) request.log.warn({ err: raised }, 'stopped by a database time limit');
    const error = limited ?? raised;
    // Sentences a person reads come in their language (issue 31); the log below stays English.
    const language = await requestLanguage(request, app.db).catch((): Language => 'en');
    // A sentence naming the tenant's term reads the tenant's word in the reader's language: the
    // terms are read only for such a sentence (anonymous callers get the built-in word).
    const tenantId = request.sessionContext?.tenantId;
    let terms: Terms = {};
    const raw = `${error.message} ${JSON.stringify((error as HttpError).errors ?? {})}`;
    if (tenantId !== undefined && (raw.includes('{workspace') || pgErrorOf(error)?.code === UNIQUE_VIOLATION))
      terms = await loadTerms(app.db, tenantId).catch((): Terms => ({}));
    const say = (sentence: string) => fillTerms(translateSentence(language, sentence), terms, language);
    const sayAll = (errors: Record<string, string>) =>
      Object.fromEntries(Object.entries(errors).map(([field, sentence]) => [field, say(sentence)]));
    if (error instanceof HttpError) {
      if (error instanceof TryAgainLater) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send({
        status: error.statusCode,
        message: say(error.message),
        ...(error.errors ? { errors: sayAll(error.errors) } : {}),
        ...(error.code ? { code: error.code } : {}),
      });
    }
    const conflict = conflictOf(error, constraints);
    if (conflict)
      return reply.code(409).send({
        status: 409,
        message: say(conflict.message),
        ...(conflict.errors ? { errors: sayAll(conflict.errors) } : {}),
      });
    const fe = error as FastifyError & { validation?: ValidationIssue[]; validationContext?: string };
    if (fe.validation) {
      const errors = sayAll(describeIssues(fe.validation, fe.validationContext));
      const first = Object.values(errors)[0] ?? say('The request is not valid');
      return reply.code(400).send({ status: 400, message: first, errors });
    }
    const code = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 500;
    if (code === 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .code(500)
        .send({ status: 500, message: say('Something went wrong on our side. Please try again.') });
    }
    const message =
      code === 429
        ? 'Too many attempts. Please wait a few minutes and try again.'
        : code === 413
          ? 'The upload is too large.'
          : code === 415
            ? 'This kind of content is not accepted here.'
            : fe.message;
    return reply.code(code).send({ status: code, message: say(message) });
  });
});
