import { useEffect } from 'react';
import { BRAND_COLOUR } from '../sw/manifest';
import { sendQueueSoon } from './sender';

/**
 * While someone is signed in (issue 30): their queued completions are sent at start and whenever
 * the browser is back online, and the phone's bar takes the tenant's colour instead of the brand's.
 */
export function useOfflineSync(signedIn: boolean, primary: string | undefined): void {
  useEffect(() => {
    if (!signedIn) return;
    sendQueueSoon();
    window.addEventListener('online', sendQueueSoon);
    return () => window.removeEventListener('online', sendQueueSoon);
  }, [signedIn]);

  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (!meta) return;
    meta.content = primary ?? BRAND_COLOUR;
    return () => {
      meta.content = BRAND_COLOUR;
    };
  }, [primary]);
}
