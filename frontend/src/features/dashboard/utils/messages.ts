// The dashboard's messages (spec §10) that depend on what happened.

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

/** 'Could not fetch your saved worksheets. {reason}' */
export function listErrorMessage(reason: string): string {
  return `Could not fetch your saved worksheets. ${reason}`;
}
