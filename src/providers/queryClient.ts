import { QueryClient } from '@tanstack/react-query';
import { statusOf } from './httpClient';

/**
 * react-query for one signed-in session (AdminApp makes one per mount). A request the server
 * answered is not repeated: its message (403, 404, a spec §8 fallback) is the answer, and three
 * retries would only delay it by seconds. Only an unreachable server (status 0) is tried again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: (failures, error) => statusOf(error) === 0 && failures < 2 },
    },
  });
}
