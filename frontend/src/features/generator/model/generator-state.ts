// The generator screen's state and every change to it, as one reducer (pure, tested on its own).
// The server's data is not kept here: the opened worksheet and the preview PDF are queries, and
// the screen sees them through generatorView.
import { documentTitleError, TITLE_REQUIRED_MESSAGE } from './generate-request';
import { printSettingsOf } from './print-settings';
import { addProgressStep } from './progress-steps';
import type { TemplateInUse } from './template-in-use';
import { DEFAULT_PREFERENCES, PRINT_SETTING_NAMES, type ChatMessage, type GeneratorPreferences, type LoadedWorksheet, type PrintSettingName } from './types';
import { EDITS_USED_MESSAGE, loadedMessage, LOCKED_MESSAGE, SAVE_MISSING_CONTENT, SAVE_WAIT, SAVED } from './save-rules';

/** What the screen is doing: loading and compiling come from the queries, the rest from the reducer. */
export type GeneratorPhase = 'idle' | 'loading' | 'generating' | 'compiling' | 'saving';
type EditPhase = 'idle' | 'generating' | 'saving';

export type GeneratorState = {
  preferences: GeneratorPreferences;
  template: TemplateInUse;
  messages: ChatMessage[];
  prompt: string;
  /**
   * The print settings the teacher changed in Document Settings after she last typed the
   * request: these win over what its words say ("on A4"); any other setting the words name wins.
   */
  chosenAfterPrompt: PrintSettingName[];
  phase: EditPhase;
  /** Streamed progress lines of the last generation. */
  progress: string[];
  /** The last generation failed: its last progress step shows ✗. */
  progressFailed: boolean;
  formError: string | null;
  saveError: string | null;
  /** The current document; its preview is compiled from it. */
  latexCode: string | null;
  /**
   * The document is the stored sheet printed under a new title (after a save or rename), not a
   * new sheet: its preview does not pull the page to it.
   */
  retitled: boolean;
  /** The saved worksheet this document is (after Save To Dashboard or when loaded). */
  savedId: string | null;
  /** The title the saved worksheet has on the server. */
  savedTitle: string | null;
  /** When the saved worksheet was last written (first save, then each edit the server saves). */
  savedAt: Date | null;
  /** The loaded worksheet's PDF was downloaded: it can no longer be edited. */
  locked: boolean;
  editsLeft: number | null;
};

export type GeneratorAction =
  | { type: 'preferences'; preferences: GeneratorPreferences }
  | { type: 'prompt'; prompt: string }
  | { type: 'formError'; message: string }
  | { type: 'loaded'; worksheet: LoadedWorksheet; template: TemplateInUse | null }
  | { type: 'generationStarted'; text: string }
  | { type: 'progress'; line: string }
  | { type: 'generated'; latexCode: string; message: string; editsLeft?: number; savedAt: Date | null }
  | { type: 'generationFailed'; message: string; text: string }
  | { type: 'assistantSays'; content: string }
  | { type: 'saveError'; message: string | null }
  | { type: 'saveStarted' }
  | ({ type: 'saved'; id: string; title: string; at: Date } & StoredSource)
  | { type: 'saveFailed'; message: string }
  | ({ type: 'titleSaved'; title: string; at: Date } & StoredSource);

/**
 * What the server stored after a save or a rename: sent is the source the screen had when it
 * asked, stored the source the worksheet has now (null when it could not be read back). The
 * server prints the worksheet's title, so a new title gives a new source.
 */
export type StoredSource = { sent: string | null; stored: string | null };

/**
 * The screen takes the stored source as its document (its preview, and the chat entry that
 * carries it, so the next edit starts from it), unless the teacher has a newer one by then.
 */
function withStoredSource(s: GeneratorState, { sent, stored }: StoredSource): GeneratorState {
  if (stored === null || sent === null || stored === sent || s.latexCode !== sent) return s;
  let carrier = -1;
  s.messages.forEach((m, i) => {
    if (m.latexCode) carrier = i;
  });
  const messages =
    carrier >= 0 && s.messages[carrier].latexCode === sent
      ? s.messages.map((m, i) => (i === carrier ? { ...m, latexCode: stored } : m))
      : s.messages;
  return { ...s, latexCode: stored, retitled: true, messages };
}

export function initialGeneratorState(template: TemplateInUse): GeneratorState {
  return {
    preferences: DEFAULT_PREFERENCES,
    template,
    messages: [],
    prompt: '',
    chosenAfterPrompt: [],
    phase: 'idle',
    progress: [],
    progressFailed: false,
    formError: null,
    saveError: null,
    latexCode: null,
    retitled: false,
    savedId: null,
    savedTitle: null,
    savedAt: null,
    locked: false,
    editsLeft: null,
  };
}

export function generatorReducer(s: GeneratorState, a: GeneratorAction): GeneratorState {
  switch (a.type) {
    case 'preferences':
      // A title typed in clears the title-required message.
      return {
        ...s,
        preferences: a.preferences,
        chosenAfterPrompt: [
          ...s.chosenAfterPrompt,
          ...PRINT_SETTING_NAMES.filter((n) => a.preferences[n] !== s.preferences[n] && !s.chosenAfterPrompt.includes(n)),
        ],
        formError: s.formError === TITLE_REQUIRED_MESSAGE && !documentTitleError(a.preferences.documentTitle) ? null : s.formError,
      };
    case 'prompt':
      // Words typed after a setting was chosen are the newer wish.
      return { ...s, prompt: a.prompt, chosenAfterPrompt: a.prompt === s.prompt ? s.chosenAfterPrompt : [] };
    case 'formError':
      return { ...s, formError: a.message };
    case 'loaded': {
      const w = a.worksheet;
      return {
        ...s,
        phase: 'idle',
        preferences: { ...s.preferences, documentTitle: w.title, ...printSettingsOf(w.latexCode) },
        messages: [{ role: 'assistant', content: loadedMessage(w.title), latexCode: w.latexCode }],
        latexCode: w.latexCode,
        retitled: false,
        savedId: w.id,
        savedTitle: w.title,
        locked: w.downloaded,
        editsLeft: w.editsLeft,
        progress: [],
        template: a.template ?? s.template,
      };
    }
    case 'generationStarted':
      return {
        ...s,
        phase: 'generating',
        messages: [...s.messages, { role: 'user', content: a.text }],
        prompt: '',
        chosenAfterPrompt: [],
        formError: null,
        saveError: null,
        progress: [],
        progressFailed: false,
      };
    case 'progress':
      return { ...s, progress: addProgressStep(s.progress, a.line) };
    case 'generated':
      return {
        ...s,
        phase: 'idle',
        messages: [...s.messages, { role: 'assistant', content: a.message, latexCode: a.latexCode }],
        latexCode: a.latexCode,
        // Document Settings show how the new sheet prints ("in large print" asked in words, too).
        preferences: { ...s.preferences, ...printSettingsOf(a.latexCode) },
        retitled: false,
        editsLeft: a.editsLeft ?? s.editsLeft,
        savedAt: a.savedAt ?? s.savedAt,
      };
    case 'generationFailed':
      // Shown in the form and as an assistant chat message (spec §8); the request stays in the
      // box to try again or reword, and the step that failed gets ✗.
      return {
        ...s,
        phase: 'idle',
        formError: a.message,
        progressFailed: true,
        messages: [...s.messages, { role: 'assistant', content: a.message }],
        prompt: s.prompt.trim() === '' ? a.text : s.prompt,
      };
    case 'assistantSays':
      return { ...s, messages: [...s.messages, { role: 'assistant', content: a.content }] };
    case 'saveError':
      return { ...s, saveError: a.message };
    case 'saveStarted':
      return { ...s, phase: 'saving', saveError: null };
    case 'saved': {
      const stored = withStoredSource(s, a);
      return {
        ...stored,
        phase: 'idle',
        savedId: a.id,
        savedTitle: a.title,
        savedAt: a.at,
        messages: [...stored.messages, { role: 'assistant', content: SAVED }],
      };
    }
    case 'saveFailed':
      return { ...s, phase: 'idle', saveError: a.message };
    case 'titleSaved':
      return { ...withStoredSource(s, a), savedTitle: a.title, savedAt: a.at };
  }
}

/** The queries' side of the screen: the opened worksheet and the preview PDF. */
export type ServerSide = { loading: boolean; loadError: string | null; compiling: boolean; pdfUrl: string | null; previewError: string | null };

/** What the screen shows: the reducer's state with the queries' phase, PDF and errors. */
export type GeneratorView = Omit<GeneratorState, 'phase'> & { phase: GeneratorPhase; pdfUrl: string | null };

export function generatorView(s: GeneratorState, q: ServerSide): GeneratorView {
  const phase: GeneratorPhase = s.phase !== 'idle' ? s.phase : q.loading ? 'loading' : q.compiling ? 'compiling' : 'idle';
  // A failed load is shown until the teacher starts something else.
  const loadError = s.messages.length === 0 ? q.loadError : null;
  return { ...s, phase, pdfUrl: q.pdfUrl, formError: s.formError ?? loadError ?? q.previewError };
}

/** Why this worksheet takes no more requests (its PDF was downloaded, or its edits are used up); null while it does. */
export function editingClosedReason(s: Pick<GeneratorState, 'locked' | 'editsLeft'>): string | null {
  if (s.locked) return LOCKED_MESSAGE;
  if (s.editsLeft === 0) return EDITS_USED_MESSAGE;
  return null;
}

/** Generate works with a request typed, nothing running and the worksheet still editable. */
export function canGenerate(s: GeneratorView): boolean {
  return s.phase === 'idle' && editingClosedReason(s) === null && s.prompt.trim() !== '';
}

/**
 * The worksheet on screen is what the dashboard has: saved, nothing running, and no new title
 * waiting to be saved (a blank title is never saved, so it changes nothing).
 */
export function isSavedNow(s: GeneratorView): boolean {
  const title = s.preferences.documentTitle.trim();
  return s.savedId !== null && s.phase === 'idle' && (title === '' || title === s.savedTitle);
}

/** Why Save To Dashboard cannot work yet (null when it can): the tooltip and the message on a try. */
export function saveBlockedReason(s: GeneratorView): string | null {
  if (s.phase !== 'idle') return SAVE_WAIT;
  if (!s.pdfUrl || !s.latexCode) return SAVE_MISSING_CONTENT;
  return null;
}
