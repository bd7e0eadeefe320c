import { apiErrorMessage, apiRequest } from '@/lib/api-client';
import { postCompile } from '@/lib/compile-queue';
import { answerKeyFileName, pdfFileName } from './filename';

export type ViewerSource = { latexCode: string; title: string; locked: boolean };

export type ViewerConfig = {
  /** Used in 'Could not load or compile {noun}: {reason}'. */
  noun: string;
  /** The header and tab title for a document title (with its fallback). */
  heading: (title: string) => string;
  fileName: (title: string) => string;
  /** A worksheet whose PDF is downloaded can no longer be edited: its downloads go through the lock. */
  lockable: boolean;
  load: (worksheetId: string) => Promise<ViewerSource>;
};

export const worksheetViewer: ViewerConfig = {
  noun: 'worksheet',
  heading: (title) => title.trim() || 'Worksheet',
  fileName: (title) => pdfFileName(title, 'worksheet'),
  lockable: true,
  async load(id) {
    const body = await apiRequest<{ worksheet?: { latex_code?: string; document_title?: string; downloaded_at?: string | null } }>(
      `/worksheet/${encodeURIComponent(id)}`,
    );
    const latexCode = body.worksheet?.latex_code;
    if (!latexCode) throw new Error('The worksheet has no LaTeX source.');
    return {
      latexCode,
      title: body.worksheet?.document_title?.trim() ?? '',
      locked: Boolean(body.worksheet?.downloaded_at && String(body.worksheet.downloaded_at).trim()),
    };
  },
};

export const answerKeyViewer: ViewerConfig = {
  noun: 'answer key',
  heading: (title) => (title.trim() ? `${title.trim()} — Answer Key` : 'Answer Key'),
  fileName: answerKeyFileName,
  // Downloading the key does not end editing of the sheet.
  lockable: false,
  async load(id) {
    const body = await apiRequest<{ answerKey?: string; documentTitle?: string }>(`/answer-key/${encodeURIComponent(id)}`);
    if (!body.answerKey) throw new Error('The answer key has no LaTeX source.');
    return { latexCode: body.answerKey, title: body.documentTitle?.trim() ?? '', locked: false };
  },
};

/**
 * POST /compile. A worksheet is compiled with its id, so that downloading its PDF records the
 * download; an answer key is compiled without it (its download does not lock the sheet). A full
 * queue is a CompileBusyError (compileThroughQueue retries it once).
 */
export async function compileLatex(latexCode: string, worksheetId: string | null, signal?: AbortSignal): Promise<string> {
  const { response, body } = await postCompile(latexCode, worksheetId, signal);
  if (!response.ok || !body || body.success === false) throw new Error(apiErrorMessage(response.status, body));
  if (typeof body.pdfUrl !== 'string' || !body.pdfUrl) throw new Error('Compilation failed');
  return body.pdfUrl;
}
