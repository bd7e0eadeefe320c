import { apiRequest } from '@/lib/api-client';

/** What a viewer shows: the LaTeX to compile, the title, whether the sheet's PDF was downloaded and whether it has a key. */
export type ViewerSource = { latexCode: string; title: string; locked: boolean; hasAnswerKey: boolean };

/** GET /worksheet/{id}: a saved worksheet's source. */
export async function getWorksheetSource(id: string): Promise<ViewerSource> {
  const body = await apiRequest<{
    worksheet?: { latex_code?: string; document_title?: string; downloaded_at?: string | null; has_answer_key?: boolean };
  }>(
    `/worksheet/${encodeURIComponent(id)}`,
  );
  const latexCode = body.worksheet?.latex_code;
  if (!latexCode) throw new Error('The worksheet has no LaTeX source.');
  return {
    latexCode,
    title: body.worksheet?.document_title?.trim() ?? '',
    locked: Boolean(body.worksheet?.downloaded_at && String(body.worksheet.downloaded_at).trim()),
    hasAnswerKey: body.worksheet?.has_answer_key === true,
  };
}

/** GET /answer-key/{id}: a worksheet's answer key source (its download locks nothing). */
export async function getAnswerKeySource(id: string): Promise<ViewerSource> {
  const body = await apiRequest<{ answerKey?: string; documentTitle?: string }>(`/answer-key/${encodeURIComponent(id)}`);
  if (!body.answerKey) throw new Error('The answer key has no LaTeX source.');
  return { latexCode: body.answerKey, title: body.documentTitle?.trim() ?? '', locked: false, hasAnswerKey: true };
}
