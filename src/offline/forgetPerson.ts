import { PERSON_CACHE_PREFIX } from '../sw/messages';
import { forgetLastSync } from './connectivity';
import { tellWorker } from './serviceWorker';

/**
 * Sign-out on a shared store phone (issue 30): the person's kept answers and files leave the
 * device, and the service worker forgets their token. Their queued completions were sent or
 * deleted before (SignOutItem asks); any left by an ended session stay theirs and unseen by others.
 */
export async function forgetPersonOnDevice(): Promise<void> {
  forgetLastSync();
  if (typeof caches !== 'undefined') {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(PERSON_CACHE_PREFIX)).map((n) => caches.delete(n)));
  }
  await tellWorker({ type: 'signed-out' });
}
