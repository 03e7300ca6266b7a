import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns an AJV issue into a field name and a sentence a person can act on. */
function describe(issue: ValidationIssue, context: string | undefined): [string, string] {
  const params = issue.params ?? {};
  const missing = typeof params.missingProperty === 'string' ? params.missingProperty : undefined;
  const extra = typeof params.additionalProperty === 'string' ? params.additionalProperty : undefined;
  const field =
    missing ??
    extra ??
    (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') ??
    context ??
    'body';
  const name = field || context || 'request';
  if (missing) return [name, `${name} is required`];
  if (extra) return [name, `${name} is not a known field`];
  return [name, `${name} ${issue.message ?? 'is invalid'}`];
}

/** One error handler shapes every failure into the envelope `{ status, message, errors? }`. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({
        status: error.statusCode,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    const fe = error as FastifyError & { validation?: ValidationIssue[]; validationContext?: string };
    if (fe.validation) {
      const errors: Record<string, string> = {};
      for (const issue of fe.validation) {
        const [field, message] = describe(issue, fe.validationContext);
        errors[field] ??= message;
      }
      const first = Object.values(errors)[0] ?? 'The request is not valid';
      return reply.code(400).send({ status: 400, message: first, errors });
    }
    const code = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 500;
    if (code === 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .code(500)
        .send({ status: 500, message: 'Something went wrong on our side. Please try again.' });
    }
    const message =
      code === 429
        ? 'Too many attempts. Please wait a few minutes and try again.'
        : code === 413
          ? 'The upload is too large.'
          : code === 415
            ? 'This kind of content is not accepted here.'
            : fe.message;
    return reply.code(code).send({ status: code, message });
  });
});
