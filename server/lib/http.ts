import type { TSchema } from 'typebox';
import { Envelope, ErrorBody } from '../../contract/api/common';

/** Every route answers in the envelope and documents its 4xx shape; this builds that response map. */
export function responses<T extends TSchema>(data: T, extra: Record<number, TSchema> = {}) {
  return {
    200: Envelope(data),
    ...Object.fromEntries(Object.entries(extra).map(([code, schema]) => [code, Envelope(schema)])),
    '4xx': ErrorBody,
    '5xx': ErrorBody,
  } as const;
}

export const ok = <T>(data: T) => ({ status: 200, data });

/** RFC 6266 / 5987: an ASCII fallback and the exact UTF-8 name. */
export function disposition(kind: 'inline' | 'attachment', name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
