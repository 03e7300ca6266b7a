import type { TaskFileRef } from '../../contract/api/mytasks';

/**
 * Reference files up to this size are fetched onto the phone with the day (issue 44); a larger
 * one would take a weak signal's minutes and the phone's storage for a file seldom opened, so it
 * is available when the phone is online only, and the drawer says so.
 */
export const OFFLINE_FILE_LIMIT = 5 * 1024 * 1024;

/** Whether a task's file is fetched ahead to be opened without a network. */
export const keptForOffline = (file: Pick<TaskFileRef, 'size'>): boolean => file.size <= OFFLINE_FILE_LIMIT;

/**
 * Only a page a service worker controls keeps what it fetches on the phone (src/sw): without one
 * (the dev server, a browser without service workers) fetching ahead would only spend the network.
 */
export const keepsAnswers = (): boolean =>
  typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
