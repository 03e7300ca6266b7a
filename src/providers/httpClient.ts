import { HttpError } from 'react-admin';
import { POSITION_HEADER } from '../../contract/constants';
import { translate } from '../i18n/translate';
import { getToken } from '../session/tokenCookie';
import { getPositionId } from './positionStore';

/** Who hears how each request ended: the offline banner's connection state (issue 30). */
export interface AnswerListener {
  /** A server answer, or the device's kept copy (its headers say which). */
  answered(headers: Headers): void;
  /** The request reached nothing. */
  unreachable(): void;
}

// Set by the app (src/connectOffline.ts): the offline part sits above the providers.
let answers: AnswerListener | undefined;

export function listenToAnswers(listener: AnswerListener): void {
  answers = listener;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, QueryValue | QueryValue[]>;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Spec §8: the i18n key (under `errors.`) of the text shown when the response carries neither `output` nor `message`. */
  fallback?: string;
  /** Statuses that count as success. Spec §7: only 200, except where a caller knows better (307 at login). */
  okStatuses?: readonly number[];
  /** `blob`: the bytes; `file`: the bytes as a File named as the server names it (Content-Disposition). */
  responseType?: 'json' | 'blob' | 'file';
  /** Spec §8: enable, disable and delete also fail when a 200 body carries an `error` flag. */
  failOnErrorFlag?: boolean;
}

export interface ApiResponse<T> {
  status: number;
  data: T;
}

/**
 * A failed call: the HTTP status (0 when the server was not reached), the text to show, field
 * errors, and the parsed body. A react-admin HttpError, so its forms put `body.errors` on their
 * fields and the authProvider's checkError reads the status. Throwing is all this module does:
 * what a 401 or 406 means for the session is the authProvider's to decide (spec §8).
 */
export class ApiError extends HttpError {
  declare status: number;
  readonly errors: Record<string, string>;
  constructor(status: number, message: string, errors: Record<string, string> = {}, body: unknown = null) {
    super(message, status, body);
    // HttpError pins its own prototype; restore ours so `instanceof ApiError` holds.
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = 'ApiError';
    this.errors = errors;
  }
}

/** The HTTP status a failed call carries (an ApiError or any error shaped like one), if any. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

export function apiUrl(path: string, query: RequestOptions['query'] = {}): string {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null) url.searchParams.append(key, String(v));
  }
  return url.toString();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Spec §8: the message comes from the body's `output`, then `message`, then the caller's fallback text. */
export function errorMessage(body: unknown, fallback = 'errors.generic'): string {
  if (isRecord(body)) {
    if (typeof body.output === 'string' && body.output.trim()) return body.output;
    if (typeof body.message === 'string' && body.message.trim()) return body.message;
  }
  return translate(fallback);
}

export function fieldErrors(body: unknown): Record<string, string> {
  if (!isRecord(body) || !isRecord(body.errors)) return {};
  const errors: Record<string, string> = {};
  for (const [field, text] of Object.entries(body.errors)) if (typeof text === 'string') errors[field] = text;
  return errors;
}

export function requestHeaders(body: unknown): Headers {
  const headers = new Headers({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const positionId = getPositionId();
  if (positionId !== undefined) headers.set(POSITION_HEADER, String(positionId));
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  return headers;
}

/**
 * The name a file answer gives itself (RFC 6266): the UTF-8 `filename*` (RFC 5987) when there is
 * one, so accents and spaces survive, else the ASCII `filename`.
 */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // A malformed escape: fall back to the ASCII name.
    }
  }
  const plain =
    /filename\s*=\s*"([^"]*)"/i.exec(disposition) ?? /filename\s*=\s*([^;\s]+)/i.exec(disposition);
  return plain?.[1] || undefined;
}

async function readBody(response: Response, type: 'json' | 'blob' | 'file', ok: boolean): Promise<unknown> {
  if (ok && type === 'blob') return response.blob();
  if (ok && type === 'file') {
    const name = fileNameOf(response.headers.get('content-disposition')) ?? 'download';
    return new File([await response.arrayBuffer()], name, {
      type: response.headers.get('content-type') ?? '',
    });
  }
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Calls the API and returns the envelope's status and `data`; anything else throws an ApiError. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const { method = 'GET', query, body, fallback, okStatuses = [200] } = options;
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers: requestHeaders(body),
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    answers?.unreachable();
    throw new ApiError(0, translate('errors.network'));
  }
  // The offline banner's "last synced" (issue 30): a server answer, or the device's kept copy.
  answers?.answered(response.headers);
  const ok = okStatuses.includes(response.status);
  const parsed = await readBody(response, options.responseType ?? 'json', ok);
  if (!ok) {
    throw new ApiError(response.status, errorMessage(parsed, fallback), fieldErrors(parsed), parsed);
  }
  if (
    options.failOnErrorFlag &&
    isRecord(parsed) &&
    (parsed.error === true || (isRecord(parsed.data) && parsed.data.error === true))
  ) {
    throw new ApiError(response.status, errorMessage(parsed, fallback), fieldErrors(parsed), parsed);
  }
  if (options.responseType === 'blob' || options.responseType === 'file')
    return { status: response.status, data: parsed as T };
  const data = isRecord(parsed) && 'data' in parsed ? parsed.data : parsed;
  return { status: response.status, data: data as T };
}

/** The common case: only the payload. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await request<T>(path, options)).data;
}
