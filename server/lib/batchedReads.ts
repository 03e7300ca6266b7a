import DataLoader from 'dataloader';

/**
 * A read made for many requests at once: requests that ask while earlier batches are being read
 * wait and go together in the next one, so under load one query answers dozens of requests (the
 * guard's per-request session read was the whole cost of a kept answer).
 *
 * Fresh by construction: a key only ever joins a batch whose query has not been sent yet, so the
 * query that answers it starts after it was asked, and sees every write committed before that.
 * Nothing is cached between batches.
 *
 * `read` answers the keys' values in their order (undefined for none); it may see a key twice
 * when two requests ask for the same one at once. At most `inFlight` batches are read at a time;
 * a batch starts once the current turn of the event loop has handed in its requests.
 */
export function batchedReads<K, V>(
  read: (keys: readonly K[]) => Promise<(V | undefined)[]>,
  inFlight = 4,
): (key: K) => Promise<V | undefined> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const start = (dispatch: () => void) => {
    running++;
    setImmediate(dispatch);
  };
  const loader = new DataLoader<K, V | undefined>(
    async (keys) => {
      try {
        return await read(keys);
      } finally {
        running--;
        const next = waiting.shift();
        if (next) start(next);
      }
    },
    {
      cache: false,
      batchScheduleFn: (dispatch) => {
        if (running < inFlight) start(dispatch);
        else waiting.push(dispatch);
      },
    },
  );
  return (key) => loader.load(key);
}
