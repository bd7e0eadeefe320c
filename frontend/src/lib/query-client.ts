import { QueryClient } from '@tanstack/react-query';

/** Server state (worksheet list, templates) lives here; screens invalidate it after changes. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The screens show their own errors (with the spec's words) and offer their own retries.
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

export const queryKeys = {
  worksheets: ['worksheets'] as const,
  templates: ['templates'] as const,
  publicConfig: ['public-config'] as const,
  worksheet: (id: string) => ['worksheet', id] as const,
  profile: (userId: string | null) => ['profile', userId] as const,
};

/** After a save, delete, rename, duplicate or answer key: the dashboard list is fetched again. */
export function invalidateWorksheets(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.worksheets });
}
