import { ApiError, apiRequest } from '@/lib/api-client';
import { postCompile } from '@/lib/compile-queue';
import { GENERATION_MESSAGES } from '../model/errors';
import { SAVE_NEEDS_SESSION } from '../model/save-rules';
import { MAX_EDITS, type LoadedWorksheet } from '../model/types';

/** 'Compilation failed', with the server's reason when it gave one. */
export function compileErrorMessage(serverError?: string): string {
  const reason = serverError?.trim();
  if (!reason) return GENERATION_MESSAGES.compileFailed;
  if (reason.startsWith(GENERATION_MESSAGES.compileFailed)) return reason;
  return `${GENERATION_MESSAGES.compileFailed}: ${reason}`;
}

/**
 * POST /compile; resolves to the PDF address or rejects with an Error worded for the user (a
 * full queue is a CompileBusyError, which compileThroughQueue retries once).
 */
export async function compileLatex(latexCode: string, worksheetId: string | null, signal?: AbortSignal): Promise<string> {
  const { response, body } = await postCompile(latexCode, worksheetId, signal);
  const pdfUrl = body?.pdfUrl;
  if (!response.ok || body?.success !== true || typeof pdfUrl !== 'string' || !pdfUrl) {
    throw new Error(compileErrorMessage(typeof body?.error === 'string' ? body.error : undefined));
  }
  return pdfUrl;
}

/** POST /save-worksheet; the new worksheet's id. A blank title is saved as Untitled Worksheet by the server. */
export async function saveWorksheet(input: { latexCode: string; documentTitle: string; template: string }): Promise<string> {
  try {
    const body = await apiRequest<{ data?: { id?: string }[] }>('/save-worksheet', {
      method: 'POST',
      body: { latexCode: input.latexCode, documentTitle: input.documentTitle.trim(), template: input.template },
    });
    const id = body.data?.[0]?.id;
    if (!id) throw new Error('The server did not return the saved worksheet.');
    return id;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) throw new Error(SAVE_NEEDS_SESSION);
    throw err;
  }
}

type WorksheetBody = {
  worksheet?: {
    id?: string;
    document_title?: string;
    latex_code?: string;
    template?: string;
    downloaded_at?: string | null;
    edit_count?: number;
  };
};

/** Reads GET /worksheet/{id} into what the generator needs. */
export function toLoadedWorksheet(id: string, body: WorksheetBody): LoadedWorksheet {
  const w = body.worksheet;
  const latexCode = w?.latex_code ?? '';
  if (!latexCode.trim()) throw new Error('The worksheet has no LaTeX source.');
  const edits = typeof w?.edit_count === 'number' ? w.edit_count : 0;
  return {
    id: w?.id || id,
    title: w?.document_title?.trim() || 'Untitled Worksheet',
    latexCode,
    template: w?.template?.trim() ?? '',
    downloaded: Boolean(w?.downloaded_at && String(w.downloaded_at).trim()),
    editsLeft: Math.max(0, MAX_EDITS - edits),
  };
}

export async function loadWorksheet(id: string): Promise<LoadedWorksheet> {
  const body = await apiRequest<WorksheetBody>(`/worksheet/${encodeURIComponent(id)}`);
  return toLoadedWorksheet(id, body);
}

/**
 * The source the server stored for a worksheet (GET /worksheet/{id}). A save under a changed
 * title or a rename prints the new title, so the stored source can differ from the one sent.
 */
export async function storedSource(id: string): Promise<string> {
  return (await loadWorksheet(id)).latexCode;
}
