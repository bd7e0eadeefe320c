import { apiUrl } from '@/lib/api-client';
import { pb } from '@/lib/pocketbase';
import { GENERATION_MESSAGES, generationErrorMessage, type GenerationErrorBody } from '../model/errors';
import type { GenerateRequest } from '../model/generate-request';
import { readNdjson } from '../model/ndjson';

export type GenerationResult =
  | { ok: true; latexCode: string; message: string; editsLeft?: number; worksheetId?: string }
  | { ok: false; error: string };

export const DEFAULT_ASSISTANT_MESSAGE = 'Here is your worksheet.';

function isAbort(err: unknown, signal?: AbortSignal): boolean {
  return Boolean(signal?.aborted) || (typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError');
}

/** The outcome of a final answer object; status is the HTTP status, or the stream's own `status`. */
export function generationOutcome(httpStatus: number, body: Record<string, unknown> | null): GenerationResult {
  if (!body) return { ok: false, error: generationErrorMessage(httpStatus, { success: false }) };
  const status = typeof body.status === 'number' ? body.status : httpStatus;
  const ok = status >= 200 && status < 300 && body.success === true && typeof body.latexCode === 'string' && body.latexCode.trim() !== '';
  if (!ok) {
    const failure = body.success === true ? { success: false } : body; // success without LaTeX is a failed generation
    return { ok: false, error: generationErrorMessage(status, failure as GenerationErrorBody) };
  }
  const message = typeof body.message === 'string' && body.message.trim() ? body.message : DEFAULT_ASSISTANT_MESSAGE;
  return {
    ok: true,
    latexCode: body.latexCode as string,
    message,
    editsLeft: typeof body.editsLeft === 'number' ? body.editsLeft : undefined,
    worksheetId: typeof body.worksheetId === 'string' && body.worksheetId ? body.worksheetId : undefined,
  };
}

/**
 * POST /generate-latex, streamed: onProgress receives each progress line. Aborting the signal
 * cancels the request (and the generation on the server); the returned promise then rejects
 * with an AbortError.
 */
export async function generateLatex(
  request: GenerateRequest,
  options: { signal?: AbortSignal; onProgress?: (text: string) => void } = {},
): Promise<GenerationResult> {
  let response: Response;
  try {
    response = await fetch(apiUrl('/generate-latex'), {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${pb.authStore.token}`,
        'Content-Type': 'application/json',
        Accept: 'application/x-ndjson, application/json',
      },
      body: JSON.stringify(request),
      signal: options.signal,
    });
  } catch (err) {
    if (isAbort(err, options.signal)) throw err;
    return { ok: false, error: GENERATION_MESSAGES.noResponse };
  }

  const streamed = (response.headers.get('Content-Type') ?? '').includes('application/x-ndjson');
  try {
    if (streamed && response.body) {
      const final = await readNdjson(response.body, (text) => options.onProgress?.(text));
      return generationOutcome(response.status, final);
    }
    let body: Record<string, unknown> | null = null;
    try {
      body = (await response.json()) as Record<string, unknown>;
    } catch {
      body = null;
    }
    return generationOutcome(response.status, body);
  } catch (err) {
    if (isAbort(err, options.signal)) throw err;
    // The connection broke while the answer was arriving.
    return { ok: false, error: GENERATION_MESSAGES.noResponse };
  }
}
