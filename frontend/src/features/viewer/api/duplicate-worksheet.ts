import { useMutation } from '@tanstack/react-query';
import { invalidateWorksheets } from '@/lib/query-client';
import { duplicateWorksheet } from '@/lib/worksheet-requests';

/** Duplicate as new worksheet (a locked sheet's way to make changes); the dashboard list is fetched again. */
export function useDuplicateWorksheet() {
  return useMutation({ mutationFn: duplicateWorksheet, onSuccess: () => invalidateWorksheets() });
}
