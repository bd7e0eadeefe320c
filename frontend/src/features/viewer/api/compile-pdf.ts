import { apiErrorMessage } from '@/lib/api-client';
import { postCompile } from '@/lib/compile-queue';

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
