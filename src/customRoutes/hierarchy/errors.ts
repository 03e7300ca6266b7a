import { ApiError } from '../../providers/httpClient';

/** The text of a failed call: the server's (or spec §8 fallback) message that httpClient chose. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
