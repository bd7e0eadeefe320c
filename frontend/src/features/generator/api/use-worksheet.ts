import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-client';
import { loadWorksheet } from './worksheet-api';

/**
 * The saved worksheet the generator opens (nothing when id is undefined). Read fresh on every
 * opening (nothing is kept once the screen is left) and never again while it is open: the
 * screen's own state follows the edits from there.
 */
export function useWorksheet(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.worksheet(id ?? ''),
    queryFn: () => loadWorksheet(id!),
    enabled: Boolean(id),
    staleTime: Infinity,
    gcTime: 0,
  });
}
