import { apiRequest } from '@/lib/api-client';

export type ViewerSource = { latexCode: string; title: string };

export type ViewerConfig = {
  /** Used in 'Could not load or compile {noun}: {reason}'. */
  noun: string;
  titleFallback: string;
  fileFallback: 'worksheet' | 'answer_key';
  /** Offer to open the worksheet in the generator for follow-up edits. */
  editable: boolean;
  load: (worksheetId: string) => Promise<ViewerSource>;
};

export const worksheetViewer: ViewerConfig = {
  noun: 'worksheet',
  titleFallback: 'Worksheet',
  fileFallback: 'worksheet',
  editable: true,
  async load(id) {
    const body = await apiRequest<{ worksheet?: { latex_code?: string; document_title?: string } }>(`/worksheet/${encodeURIComponent(id)}`);
    const latexCode = body.worksheet?.latex_code;
    if (!latexCode) throw new Error('The worksheet has no LaTeX source.');
    return { latexCode, title: body.worksheet?.document_title?.trim() ?? '' };
  },
};

export const answerKeyViewer: ViewerConfig = {
  noun: 'answer key',
  titleFallback: 'Answer Key',
  fileFallback: 'answer_key',
  editable: false,
  async load(id) {
    const body = await apiRequest<{ answerKey?: string; documentTitle?: string }>(`/answer-key/${encodeURIComponent(id)}`);
    if (!body.answerKey) throw new Error('The answer key has no LaTeX source.');
    // The spec: the title is the worksheet's (fallback Answer Key), the download {title}.pdf.
    return { latexCode: body.answerKey, title: body.documentTitle?.trim() ?? '' };
  },
};

export async function compileLatex(latexCode: string, worksheetId: string): Promise<string> {
  const body = await apiRequest<{ pdfUrl?: string }>('/compile', { method: 'POST', body: { latexCode, worksheetId } });
  if (!body.pdfUrl) throw new Error('Compilation failed');
  return body.pdfUrl;
}
