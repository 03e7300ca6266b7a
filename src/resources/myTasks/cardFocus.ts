/*
 * Where the focus goes when a task's drawer closes: back to the task's card (WCAG 2.4.3). MUI
 * returns it to the element that opened the drawer, but a completed task's card moves to the done
 * section — a new element, drawn when the day has been asked for again — so for a few seconds the
 * card of that assignment takes the focus whenever it has been lost to the page.
 */

const WAIT_MS = 3_000;
let watch: ReturnType<typeof setInterval> | undefined;

const lost = () => document.activeElement === null || document.activeElement === document.body;

/** After a drawer closed on assignment `id`: focus its card once the focus is nowhere else. */
export function returnFocusToCard(id: number): void {
  if (watch) clearInterval(watch);
  const until = Date.now() + WAIT_MS;
  const attempt = () => {
    // The page is gone (a test's document torn down while the watch ran): nothing to focus.
    if (typeof document === 'undefined') {
      clearInterval(watch);
      watch = undefined;
      return;
    }
    const card = document.querySelector<HTMLElement>(`[data-assignment-id="${id}"]`);
    if (lost() && card) card.focus();
    if (Date.now() > until && watch) {
      clearInterval(watch);
      watch = undefined;
    }
  };
  attempt();
  watch = setInterval(attempt, 100);
}
