/**
 * Runs `task` once the page has loaded and the browser is idle, so work that is only a head start
 * (fetching a chunk the next screen will need) never competes with the first paint. Returns a
 * function that cancels it, as a React effect's cleanup.
 */
export function whenPageIdle(task: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  const idle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function')
      idleHandle = window.requestIdleCallback(() => !cancelled && task(), { timeout: 2_000 });
    else idleHandle = window.setTimeout(() => !cancelled && task(), 200);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
    if (idleHandle === undefined) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleHandle);
    else window.clearTimeout(idleHandle);
  };
}
