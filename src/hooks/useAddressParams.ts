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
 * and the result is navigated to; `latest` reads them. React Router renders a navigation later
 * than it makes it (a transition, one navigation after another on a busy page), so the parameters
 * of the last render may be several edits behind the address: two fields changed in one go, or a
 * date typed a keystroke at a time. Edits and reads start from the last edit sent, until the
 * render shows the address moved elsewhere (a link, the back button).
 */
export function useSearchParamsEditor() {
  const [searchParams, setSearchParams] = useSearchParams();
  /** The parameters rendered when the first edit still unrendered was sent, and those edits. */
  const pending = useRef<{ over: string; sent: string[] }>({ over: '', sent: [] });
  const latest = useCallback((): URLSearchParams => {
    const seen = searchParams.toString();
    const p = pending.current;
    const shown = p.sent.indexOf(seen);
    if (shown >= 0) pending.current = { over: seen, sent: p.sent.slice(shown + 1) };
    else if (seen !== p.over) pending.current = { over: seen, sent: [] };
    return new URLSearchParams(pending.current.sent.at(-1) ?? seen);
  }, [searchParams]);
  const editor = useCallback(
    (edit: (next: URLSearchParams) => void, options?: NavigateOptions) => {
      const next = latest();
      edit(next);
      pending.current.sent.push(next.toString());
      setSearchParams(next, options);
    },
    [latest, setSearchParams],
  );
  return [searchParams, editor, latest] as const;
}
