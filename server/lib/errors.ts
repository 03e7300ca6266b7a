/** Typed HTTP errors; one error handler turns them into the API envelope (design §3). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** A stable name for what went wrong, for a client that acts on it (ErrorBody.code). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** An answer with `Retry-After`: how many seconds the client should wait before trying again. */
export class TryAgainLater extends HttpError {
  constructor(
    statusCode: number,
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(statusCode, message);
  }
}

/** 429 with `Retry-After`. */
export class TooManyAttempts extends TryAgainLater {
  constructor(retryAfterSeconds: number, message: string) {
    super(429, retryAfterSeconds, message);
  }
}

export const ORGANISATION_BUSY =
  'Someone else is changing the organisation right now. Please try again in a moment.';

/**
 * 409 with `Retry-After`: the organisation's lock was not free in time (lib/organisationLock.ts,
 * or PostgreSQL's lock_timeout). Nothing was written; the same request a moment later may pass.
 */
export const organisationBusy = () => new TryAgainLater(409, 2, ORGANISATION_BUSY);

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);
export const unauthorized = (message = 'Your session has ended. Please sign in again.') =>
  new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const notFound = (what = 'Record') => new HttpError(404, `${what} not found`);
export const conflict = (message: string, errors?: Record<string, string>, code?: string) =>
  new HttpError(409, message, errors, code);
