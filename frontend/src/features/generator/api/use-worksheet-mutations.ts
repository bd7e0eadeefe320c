// Save To Dashboard, the title that saves itself, and Duplicate as new worksheet: each changes the
// dashboard's list, which is fetched again afterwards.
import { useMutation } from '@tanstack/react-query';
import { invalidateWorksheets } from '@/lib/query-client';
import { duplicateWorksheet, renameWorksheet } from '@/lib/worksheet-requests';
import { saveWorksheet, storedSource } from './worksheet-api';

/**
 * The sheet as the server stored it (it prints the worksheet's title), read back after a save or
 * a rename; null when it cannot be read: the save or rename itself worked, and the screen keeps
 * the sheet it shows.
 */
async function readBack(id: string): Promise<string | null> {
  try {
    return await storedSource(id);
  } catch {
    return null;
  }
}

/** Saves a new worksheet: its id and its stored source. */
export async function saveAndReadBack(input: Parameters<typeof saveWorksheet>[0]): Promise<{ id: string; stored: string | null }> {
  const id = await saveWorksheet(input);
  return { id, stored: await readBack(id) };
}

/** Renames a saved worksheet: its stored source, which prints the new title. */
export async function renameAndReadBack({ id, title }: { id: string; title: string }): Promise<{ stored: string | null }> {
  await renameWorksheet(id, title);
  return { stored: await readBack(id) };
}

export function useSaveWorksheet() {
  return useMutation({ mutationFn: saveAndReadBack, onSuccess: () => void invalidateWorksheets() });
}

export function useRenameWorksheet() {
  return useMutation({ mutationFn: renameAndReadBack, onSuccess: () => void invalidateWorksheets() });
}

export function useDuplicateWorksheet() {
  return useMutation({ mutationFn: duplicateWorksheet, onSuccess: () => void invalidateWorksheets() });
}
