/** What the page and the service worker tell each other (issue 30); both sides import this. */
export const SYNC_TAG = 'storeline-completions';

export type ToWorker = { type: 'signed-out' };
export type ToPage = { type: 'send-queue' };

/** Every per-person cache starts with this; sign-out deletes them all. */
export const PERSON_CACHE_PREFIX = 'storeline-person-';

/** On an answer the service worker took from the device instead of the network. */
export const KEPT_HEADER = 'x-storeline-kept';
