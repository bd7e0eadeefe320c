// Spec §8 "Generation": the message shown in the form and as an assistant chat message.

export type GenerationErrorBody = { success?: boolean; error?: string; details?: string } | null | undefined;

export const GENERATION_MESSAGES = {
  apiKey: 'Server API key configuration error. Please contact the administrator.',
  server: 'Server error. Please contact the administrator.',
  badRequest: 'Invalid request. Please try with a different prompt.',
  tooMany: 'Too many requests. Please try again later.',
  auth: 'Authentication failed. Please log in again.',
  noResponse: 'Could not connect to the server. Please check if the server is running.',
  other: 'Something went wrong. Please try again.',
  generationFailed: 'LaTeX generation failed',
  compileFailed: 'Compilation failed',
} as const;

/**
 * status is undefined when no response arrived. A successful status with success:false is a
 * generation failure: its details, else its error, else 'LaTeX generation failed'.
 */
export function generationErrorMessage(status: number | undefined, body: GenerationErrorBody): string {
  if (status === undefined) return GENERATION_MESSAGES.noResponse;
  const details = typeof body?.details === 'string' ? body.details.trim() : '';
  if (details) {
    return /api[ _-]?key/i.test(details) ? GENERATION_MESSAGES.apiKey : details;
  }
  if (status >= 200 && status < 300) {
    return body?.error?.trim() || GENERATION_MESSAGES.generationFailed;
  }
  if (status === 500) return GENERATION_MESSAGES.server;
  if (status === 400) return GENERATION_MESSAGES.badRequest;
  if (status === 429) return GENERATION_MESSAGES.tooMany;
  if (status === 401 || status === 403) return GENERATION_MESSAGES.auth;
  return GENERATION_MESSAGES.other;
}
