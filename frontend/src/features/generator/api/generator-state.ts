// The generator screen's state and every change to it, as one reducer (pure, tested on its own).
import { documentTitleError, TITLE_REQUIRED_MESSAGE } from './generate-request';
import { addProgressStep } from './progress-steps';
import type { TemplateInUse } from './template-in-use';
import { DEFAULT_PREFERENCES, type ChatMessage, type GeneratorPreferences } from './types';
import { loadedMessage, SAVE_MISSING_CONTENT, SAVE_WAIT, SAVED, type LoadedWorksheet } from './worksheet-api';

export type GeneratorPhase = 'idle' | 'loading' | 'generating' | 'compiling' | 'saving';

export type GeneratorState = {
  preferences: GeneratorPreferences;
  template: TemplateInUse;
  messages: ChatMessage[];
  prompt: string;
  phase: GeneratorPhase;
  /** Streamed progress lines of the last generation. */
  progress: string[];
  /** The last generation failed: its last progress step shows ✗. */
  progressFailed: boolean;
  /** The compile of the preview waits for a free compiler in the server's queue. */
  compileWaiting: boolean;
  formError: string | null;
  saveError: string | null;
  latexCode: string | null;
  pdfUrl: string | null;
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
  | { type: 'loadStarted' }
  | { type: 'loadFailed'; message: string }
  | { type: 'loaded'; worksheet: LoadedWorksheet; template: TemplateInUse | null }
  | { type: 'generationStarted'; text: string }
  | { type: 'progress'; line: string }
  | { type: 'generated'; latexCode: string; message: string; editsLeft?: number; savedAt: Date | null }
  | { type: 'compileWaiting'; waiting: boolean }
  | { type: 'compiled'; pdfUrl: string }
  | { type: 'previewFailed'; message: string }
  | { type: 'generationFailed'; message: string; text: string }
  | { type: 'assistantSays'; content: string }
  | { type: 'saveError'; message: string | null }
  | { type: 'saveStarted' }
  | { type: 'saved'; id: string; title: string; at: Date }
  | { type: 'saveFailed'; message: string }
  | { type: 'titleSaved'; title: string; at: Date };

export function initialGeneratorState(template: TemplateInUse, loading: boolean): GeneratorState {
  return {
    preferences: DEFAULT_PREFERENCES,
    template,
    messages: [],
    prompt: '',
    phase: loading ? 'loading' : 'idle',
    progress: [],
    progressFailed: false,
    compileWaiting: false,
    formError: null,
    saveError: null,
    latexCode: null,
    pdfUrl: null,
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
        formError: s.formError === TITLE_REQUIRED_MESSAGE && !documentTitleError(a.preferences.documentTitle) ? null : s.formError,
      };
    case 'prompt':
      return { ...s, prompt: a.prompt };
    case 'formError':
      return { ...s, formError: a.message };
    case 'loadStarted':
      return { ...s, phase: 'loading', formError: null };
    case 'loadFailed':
      return { ...s, phase: 'idle', formError: a.message };
    case 'loaded': {
      const w = a.worksheet;
      return {
        ...s,
        phase: 'compiling',
        preferences: { ...s.preferences, documentTitle: w.title },
        messages: [{ role: 'assistant', content: loadedMessage(w.title), latexCode: w.latexCode }],
        latexCode: w.latexCode,
        savedId: w.id,
        savedTitle: w.title,
        locked: w.downloaded,
        editsLeft: w.editsLeft,
        progress: [],
        pdfUrl: null,
        template: a.template ?? s.template,
      };
    }
    case 'generationStarted':
      return {
        ...s,
        phase: 'generating',
        messages: [...s.messages, { role: 'user', content: a.text }],
        prompt: '',
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
        phase: 'compiling',
        messages: [...s.messages, { role: 'assistant', content: a.message, latexCode: a.latexCode }],
        latexCode: a.latexCode,
        pdfUrl: null,
        editsLeft: a.editsLeft ?? s.editsLeft,
        savedAt: a.savedAt ?? s.savedAt,
      };
    case 'compileWaiting':
      // Only a compile in progress waits; a late answer after it ended changes nothing.
      return { ...s, compileWaiting: a.waiting && (s.phase === 'compiling' || s.phase === 'loading') };
    case 'compiled':
      return { ...s, phase: 'idle', pdfUrl: a.pdfUrl, compileWaiting: false };
    case 'previewFailed':
      return { ...s, phase: 'idle', formError: a.message, compileWaiting: false };
    case 'generationFailed':
      // Shown in the form and as an assistant chat message (spec §8); the request stays in the
      // box to try again or reword, and the step that failed gets ✗.
      return {
        ...s,
        phase: 'idle',
        compileWaiting: false,
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
    case 'saved':
      return {
        ...s,
        phase: 'idle',
        savedId: a.id,
        savedTitle: a.title,
        savedAt: a.at,
        messages: [...s.messages, { role: 'assistant', content: SAVED }],
      };
    case 'saveFailed':
      return { ...s, phase: 'idle', saveError: a.message };
    case 'titleSaved':
      return { ...s, savedTitle: a.title, savedAt: a.at };
  }
}

/** Generate works with a request typed, nothing running and the worksheet still editable. */
export function canGenerate(s: GeneratorState): boolean {
  return s.phase === 'idle' && !s.locked && s.prompt.trim() !== '';
}

/** Why Save To Dashboard cannot work yet (null when it can): the tooltip and the message on a try. */
export function saveBlockedReason(s: GeneratorState): string | null {
  if (s.phase !== 'idle') return SAVE_WAIT;
  if (!s.pdfUrl || !s.latexCode) return SAVE_MISSING_CONTENT;
  return null;
}
