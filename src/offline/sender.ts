import { myTaskMethods } from '../providers/dataProvider/mytasks';
import { getSessionUser } from '../session/sessionStore';
import { ownerOf } from './owner';
import { deleteQueued, putQueued, type QueuedCompletion, queuedOf } from './queueStore';
import { completionProblem, submitCompletion } from './submitCompletion';

/**
 * Sends one queued completion: its files not yet uploaded (each hash kept as soon as known, so a
 * send cut off halfway resumes where it stopped), then the completion with its client_id.
 */
async function sendOne(item: QueuedCompletion): Promise<void> {
  for (const file of item.files) {
    if (file.hash) continue;
    const uploaded = await myTaskMethods.uploadTaskFile(
      new File([file.blob], file.name, { type: file.type }),
    );
    file.hash = uploaded.hash;
    await putQueued(item);
  }
  const attachments = [...item.uploaded, ...item.files.map((f) => f.hash!)];
  await submitCompletion(item.via, { ...item.body, ...(attachments.length ? { attachments } : {}) }, item.id);
  await deleteQueued(item.id);
}

let running: Promise<void> | undefined;

/**
 * Sends the signed-in person's waiting completions in the order they were made. A refusal (the
 * task expired, was withdrawn or done by someone else) is kept on the item with the server's
 * reason and the next one is sent; no network, a 5xx or an ended session stops until next time.
 */
export function sendQueue(): Promise<void> {
  running ??= (async () => {
    const user = getSessionUser();
    // No IndexedDB (an old browser, the jsdom tests): nothing can have been queued.
    if (!user || typeof indexedDB === 'undefined') return;
    for (const item of await queuedOf(ownerOf(user))) {
      if (item.state !== 'waiting') continue;
      try {
        await sendOne(item);
      } catch (error) {
        const { status, code, message, refused } = completionProblem(error);
        if (!refused) return;
        await putQueued({ ...item, state: 'refused', problem: { status, code, message } });
      }
    }
  })().finally(() => {
    running = undefined;
  });
  return running;
}

/** Online again, app start, Background Sync: send, and log (not throw) what fails unexpectedly. */
export function sendQueueSoon(): void {
  sendQueue().catch((error: unknown) => console.warn('Sending the queued completions failed', error));
}
