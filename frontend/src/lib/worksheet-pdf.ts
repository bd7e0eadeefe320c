import { apiErrorMessage, apiRequest, type ApiBody } from '@/lib/api-client';
import { compileThroughQueue, postCompile } from '@/lib/compile-queue';
import { downloadUrl } from '@/lib/pdf-link';

/**
 * A saved worksheet's PDF, or its answer key's, for a Download menu (the dashboard's, and the
 * viewer's for the key of the sheet it shows): its source
 * (GET /worksheet/{id} or /answer-key/{id}), compiled (POST /compile, through the queue) and
 * fetched through its download address. The sheet is compiled with its id, so its download ends
 * its editing exactly as the viewer's does; the key's ends nothing.
 */
export async function fetchWorksheetPdf(id: string, key: boolean): Promise<Blob> {
  const path = `/${key ? 'answer-key' : 'worksheet'}/${encodeURIComponent(id)}`;
  const body = await apiRequest<{ answerKey?: string; worksheet?: { latex_code?: string } }>(path);
  const latexCode = key ? body.answerKey : body.worksheet?.latex_code;
  if (!latexCode) throw new Error(key ? 'The answer key has no LaTeX source.' : 'The worksheet has no LaTeX source.');
  const pdfUrl = await compileThroughQueue(
    async () => {
      const { response, body: compiled } = await postCompile(latexCode, key ? null : id);
      if (!response.ok || !compiled || compiled.success === false || typeof compiled.pdfUrl !== 'string') {
        throw new Error(apiErrorMessage(response.status, compiled));
      }
      return compiled.pdfUrl;
    },
    { onWaiting: () => undefined },
  );
  let response: Response;
  try {
    response = await fetch(downloadUrl(pdfUrl));
  } catch {
    throw new Error('Could not connect to the server');
  }
  if (!response.ok) {
    let failure: ApiBody | undefined;
    try {
      failure = (await response.json()) as ApiBody;
    } catch {
      failure = undefined;
    }
    throw new Error(apiErrorMessage(response.status, failure));
  }
  const blob = await response.blob();
  return blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
}
