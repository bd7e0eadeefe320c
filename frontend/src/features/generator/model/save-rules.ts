// What Save To Dashboard and loading a saved worksheet say and decide (spec §4, §5): no requests here.

export const SAVE_MISSING_CONTENT = 'Cannot save or download. PDF URL or LaTeX code is missing.';
export const SAVE_WAIT = 'Please wait until the worksheet is ready.';
export const SAVE_NEEDS_SESSION = 'Authentication error. Please log in again.';
export const ALREADY_SAVED = 'This worksheet is already saved to your dashboard.';
export const SAVED = 'Worksheet saved to your dashboard.';

export type SaveCheck = { pdfUrl: string | null; latexCode: string | null; hasSession: boolean; savedId: string | null };

/** What Save To Dashboard does: refuse, say it is already saved, or save. */
export function saveDecision(check: SaveCheck): { kind: 'error'; message: string } | { kind: 'already-saved' } | { kind: 'save' } {
  if (!check.pdfUrl || !check.latexCode) return { kind: 'error', message: SAVE_MISSING_CONTENT };
  if (!check.hasSession) return { kind: 'error', message: SAVE_NEEDS_SESSION };
  if (check.savedId) return { kind: 'already-saved' };
  return { kind: 'save' };
}

/** A failed save: the session message as it is, anything else with its reason. */
export function saveErrorMessage(reason: string): string {
  return reason === SAVE_NEEDS_SESSION ? reason : `Could not save worksheet: ${reason}`;
}

export function loadedMessage(title: string): string {
  return `Loaded worksheet: ${title}`;
}

export function loadErrorMessage(reason: string): string {
  return `Could not load worksheet: ${reason}`;
}

export const LOCKED_MESSAGE = 'This worksheet can no longer be edited because its PDF has been downloaded. Start a new worksheet to make changes.';

export const EDITS_USED_MESSAGE =
  'This worksheet has used all 15 edits. Duplicate it as a new worksheet to keep making changes, or start a new worksheet.';
