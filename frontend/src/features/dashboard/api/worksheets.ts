// The dashboard's requests on the worksheet list, and their TanStack Query hooks. Every change
// (delete, rename, duplicate, answer key) fetches the list again when it succeeds.
import { experimental_streamedQuery as streamedQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { duplicateWorksheet, renameWorksheet } from '@/lib/worksheet-requests';

export type WorksheetSummary = {
  id: string;
  document_title?: string;
  created_at?: string;
  has_answer_key?: boolean;
  /** Changes exactly when the sheet's first page does: the key of its picture. */
  picture?: string;
};

/** One page of GET /my-worksheets; nextCursor is null on the last page. */
export type WorksheetPage = { worksheets: WorksheetSummary[]; nextCursor: string | null; totalItems: number };

/** How many worksheets the dashboard asks for at once (the server allows up to 200). */
export const PAGE_SIZE = 100;

export function worksheetsPath(cursor: string | null, perPage = PAGE_SIZE): string {
  const params = new URLSearchParams({ perPage: String(perPage) });
  if (cursor) params.set('cursor', cursor);
  return `/my-worksheets?${params}`;
}

/** Reads a page, tolerating a server that answers the whole list without paging fields. */
export function toWorksheetPage(body: { worksheets?: WorksheetSummary[]; nextCursor?: unknown; totalItems?: unknown }): WorksheetPage {
  const worksheets = body.worksheets ?? [];
  const nextCursor = typeof body.nextCursor === 'string' && body.nextCursor ? body.nextCursor : null;
  const totalItems = typeof body.totalItems === 'number' ? body.totalItems : worksheets.length;
  return { worksheets, nextCursor, totalItems };
}

export async function fetchWorksheetPage(cursor: string | null): Promise<WorksheetPage> {
  return toWorksheetPage(await apiRequest<{ worksheets?: WorksheetSummary[] }>(worksheetsPath(cursor)));
}

/** Every page of the list, one after another. */
export async function* worksheetPages(fetchPage = fetchWorksheetPage): AsyncGenerator<WorksheetPage> {
  let cursor: string | null = null;
  do {
    const page: WorksheetPage = await fetchPage(cursor);
    yield page;
    cursor = page.nextCursor;
  } while (cursor);
}

/**
 * The saved worksheets, page by page: the first page shows as soon as it arrives and the rest
 * follow, so search and sort cover every worksheet. Fetched on every visit (the generator's
 * Dashboard button asks for a fresh list); the cached list shows until the new one is complete.
 * A failed page stops the stream; refetch() starts it again.
 */
export function useWorksheetPages() {
  return useQuery({
    queryKey: queryKeys.worksheets,
    queryFn: streamedQuery({ streamFn: () => worksheetPages(), refetchMode: 'replace' }),
    refetchOnMount: 'always',
  });
}

/** Changes one worksheet in the cached list at once (the list is fetched again afterwards). */
function patchCached(client: QueryClient, id: string, patch: Partial<WorksheetSummary>) {
  client.setQueryData<WorksheetPage[]>(queryKeys.worksheets, (pages) =>
    pages?.map((p) => ({ ...p, worksheets: p.worksheets.map((w) => (w.id === id ? { ...w, ...patch } : w)) })),
  );
}

function useListRefresh() {
  const client = useQueryClient();
  return { client, refresh: () => client.invalidateQueries({ queryKey: queryKeys.worksheets }) };
}

export async function deleteWorksheet(id: string): Promise<void> {
  await apiRequest(`/my-worksheets/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Deletes one worksheet. The list is fetched again either way: a failed delete may have been of one already gone. */
export function useDeleteWorksheet() {
  const { refresh } = useListRefresh();
  return useMutation({ mutationFn: deleteWorksheet, onSettled: refresh });
}

/** Deletes several worksheets, one call each; how many of them failed. */
export function useDeleteWorksheets() {
  const { refresh } = useListRefresh();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const results = await Promise.allSettled(ids.map((id) => deleteWorksheet(id)));
      return { succeeded: results.filter((r) => r.status === 'fulfilled').length, failed: results.filter((r) => r.status === 'rejected').length };
    },
    onSettled: refresh,
  });
}

export function useRenameWorksheet() {
  const { client, refresh } = useListRefresh();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renameWorksheet(id, title),
    onSuccess: (_, { id, title }) => {
      patchCached(client, id, { document_title: title.trim() });
      return refresh();
    },
  });
}

export function useDuplicateWorksheet() {
  const { refresh } = useListRefresh();
  return useMutation({ mutationFn: duplicateWorksheet, onSuccess: refresh });
}

export async function generateAnswerKey(id: string): Promise<void> {
  await apiRequest(`/generate-answer-key/${encodeURIComponent(id)}`, { method: 'POST' });
}

/** POST /generate-answer-key/{id}; on success the row shows View Answer Key at once. */
export function useGenerateAnswerKey() {
  const { client, refresh } = useListRefresh();
  return useMutation({
    mutationFn: generateAnswerKey,
    onSuccess: (_, id) => {
      patchCached(client, id, { has_answer_key: true });
      return refresh();
    },
  });
}
