// Requests on one saved worksheet that several screens make (the dashboard, the generator, the viewer).
import { apiRequest } from '@/lib/api-client';

export const UNTITLED = 'Untitled Worksheet';

/** PATCH /worksheet/{id}: a new title. */
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
