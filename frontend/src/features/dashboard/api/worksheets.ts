import { apiRequest } from '@/lib/api-client';

export type WorksheetSummary = {
  id: string;
  document_title?: string;
  created_at?: string;
  has_answer_key?: boolean;
};

export const UNTITLED = 'Untitled Worksheet';

export async function fetchWorksheets(): Promise<WorksheetSummary[]> {
  const body = await apiRequest<{ worksheets?: WorksheetSummary[] }>('/my-worksheets');
  return body.worksheets ?? [];
}

export async function deleteWorksheet(id: string): Promise<void> {
  await apiRequest(`/my-worksheets/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export async function generateAnswerKey(id: string): Promise<void> {
  await apiRequest(`/generate-answer-key/${encodeURIComponent(id)}`, { method: 'POST' });
}

/** The message after a bulk delete, or null when every delete succeeded. */
export function bulkDeleteMessage(succeeded: number, failed: number): string | null {
  if (failed === 0) return null;
  if (succeeded === 0) return `Failed to delete ${failed} worksheets.`;
  return `${succeeded} worksheets deleted successfully, but ${failed} failed.`;
}

/** 'Could not generate answer key: {error}: {details}' (details only when the server gave some). */
export function answerKeyErrorMessage(error: string, details?: string): string {
  return details ? `Could not generate answer key: ${error}: ${details}` : `Could not generate answer key: ${error}`;
}

export const ANSWER_KEY_MISSING_INPUT = 'Cannot generate answer key: Missing worksheet ID or authentication.';

/** PATCH /worksheet/{id}: a new title (the dashboard's rename in place). */
export async function renameWorksheet(id: string, documentTitle: string): Promise<void> {
  await apiRequest(`/worksheet/${encodeURIComponent(id)}`, { method: 'PATCH', body: { documentTitle: documentTitle.trim() } });
}

/** POST /worksheet/{id}/duplicate: a new editable copy; its id and title. */
export async function duplicateWorksheet(id: string): Promise<{ id: string; title: string }> {
  const body = await apiRequest<{ data?: { id?: string; document_title?: string }[] }>(`/worksheet/${encodeURIComponent(id)}/duplicate`, {
    method: 'POST',
  });
  const copy = body.data?.[0];
  if (!copy?.id) throw new Error('The server did not return the copy.');
  return { id: copy.id, title: copy.document_title?.trim() || UNTITLED };
}
