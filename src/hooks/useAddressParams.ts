import { useCallback, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router-dom';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A whole number above 0 from the address, else undefined. */
export function positiveParam(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** A calendar day (YYYY-MM-DD) from the address, else undefined. */
export function dayParam(value: string | null): string | undefined {
  return value && DAY.test(value) ? value : undefined;
}

/**
 * The address's query as state screens edit: `edit` changes a copy of the current parameters
 * and the result is navigated to. React Router's own functional update starts from the
 * parameters of the last render, so two edits before the next render (two fields changed in one
 * go, or typed quickly) would lose the first; this one starts from the edit still in flight.
 */
export function useSearchParamsEditor() {
  const [searchParams, setSearchParams] = useSearchParams();
  const inFlight = useRef<{ over: string; next: URLSearchParams } | null>(null);
  const editor = useCallback(
    (edit: (next: URLSearchParams) => void, options?: NavigateOptions) => {
      const seen = searchParams.toString();
      const base = inFlight.current?.over === seen ? inFlight.current.next : searchParams;
      const next = new URLSearchParams(base);
      edit(next);
      inFlight.current = { over: seen, next };
      setSearchParams(next, options);
    },
    [searchParams, setSearchParams],
  );
  return [searchParams, editor] as const;
}
