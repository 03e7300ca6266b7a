/**
 * Lets code outside React (the http client, the auth provider) change the route. The app registers
 * react-router's navigate once it is mounted; before that a full page load does the job.
 */
type Navigator = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigator | undefined;

export function setNavigator(next: Navigator | undefined): void {
  navigator = next;
}

export function navigateTo(to: string): void {
  if (navigator) navigator(to, { replace: true });
  else window.location.assign(to);
}
