import { QueryClient } from '@tanstack/react-query';
import { isRefusal } from './api';

/** Retrying a refusal (4xx) only repeats it; retry network trouble and 5xx once. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isRefusal(error)) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

/** The one client of the running app (tests build their own with createQueryClient). */
export const queryClient = createQueryClient();
