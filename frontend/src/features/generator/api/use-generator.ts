import { useCallback, useEffect, useReducer, useRef } from 'react';
import { renameWorksheet } from '@/features/dashboard/api/worksheets';
import { useAuth } from '@/lib/auth';
import { compileThroughQueue } from '@/lib/compile-queue';
import { errorReason } from '@/lib/errors';
import { invalidateWorksheets } from '@/lib/query-client';
import { generateLatex } from './generate-latex';
import { buildGenerateRequest, documentTitleError } from './generate-request';
import { canGenerate, generatorReducer, initialGeneratorState, saveBlockedReason } from './generator-state';
import { templateById, type TemplateInUse } from './template-in-use';
import type { GeneratorPreferences } from './types';
import { ALREADY_SAVED, compileLatex, loadErrorMessage, loadWorksheet, saveDecision, saveErrorMessage, saveWorksheet } from './worksheet-api';

export type { GeneratorPhase } from './generator-state';

/** Everything the generator screen shows and does: generation, preview, save and loading a saved worksheet. */
export function useGenerator({ initialTemplate, loadWorksheetId }: { initialTemplate: TemplateInUse; loadWorksheetId?: string }) {
  const { session } = useAuth();
  const [state, dispatch] = useReducer(generatorReducer, undefined, () => initialGeneratorState(initialTemplate, Boolean(loadWorksheetId)));
  const controllerRef = useRef<AbortController | null>(null);

  /** Compiles the preview, saying so while the job waits for a free compiler. */
  const compilePreview = useCallback(
    (latexCode: string, worksheetId: string | null, signal: AbortSignal) =>
      compileThroughQueue(() => compileLatex(latexCode, worksheetId, signal), {
        signal,
        onWaiting: (waiting) => {
          if (!signal.aborted) dispatch({ type: 'compileWaiting', waiting });
        },
      }),
    [],
  );

  const startRequest = useCallback(() => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    return controller.signal;
  }, []);

  // Leaving the page cancels whatever is running (and the generation on the server).
  useEffect(() => () => controllerRef.current?.abort(), []);

  // Opening the generator with navigation state loadWorksheetId loads that worksheet.
  useEffect(() => {
    if (!loadWorksheetId) return;
    const signal = startRequest();
    (async () => {
      dispatch({ type: 'loadStarted' });
      let loaded;
      try {
        loaded = await loadWorksheet(loadWorksheetId);
      } catch (err) {
        if (!signal.aborted) dispatch({ type: 'loadFailed', message: loadErrorMessage(errorReason(err)) });
        return;
      }
      if (signal.aborted) return;
      dispatch({ type: 'loaded', worksheet: loaded, template: loaded.template ? templateById(loaded.template, localStorage) : null });
      try {
        const pdfUrl = await compilePreview(loaded.latexCode, loaded.id, signal);
        if (!signal.aborted) dispatch({ type: 'compiled', pdfUrl });
      } catch (err) {
        if (!signal.aborted) dispatch({ type: 'previewFailed', message: errorReason(err) });
      }
    })();
    return () => {
      if (controllerRef.current?.signal === signal) controllerRef.current.abort();
    };
  }, [loadWorksheetId, startRequest, compilePreview]);

  const updatePreferences = useCallback((preferences: GeneratorPreferences) => dispatch({ type: 'preferences', preferences }), []);
  const setPrompt = useCallback((prompt: string) => dispatch({ type: 'prompt', prompt }), []);
  const showSaveError = useCallback((message: string) => dispatch({ type: 'saveError', message }), []);

  const generate = useCallback(async () => {
    if (!canGenerate(state)) return;
    const titleError = documentTitleError(state.preferences.documentTitle);
    if (titleError) return dispatch({ type: 'formError', message: titleError });
    const { preferences, messages, template, savedId } = state;
    const text = state.prompt.trim();
    const request = buildGenerateRequest({ prompt: text, preferences, history: messages, template: template.id, worksheetId: savedId });
    dispatch({ type: 'generationStarted', text });
    const signal = startRequest();
    try {
      const result = await generateLatex(request, { signal, onProgress: (line) => dispatch({ type: 'progress', line }) });
      if (signal.aborted) return;
      if (!result.ok) return dispatch({ type: 'generationFailed', message: result.error, text });
      // An edit of a saved worksheet is saved by the server as it is made.
      const savedNow = savedId !== null && result.worksheetId === savedId;
      dispatch({ type: 'generated', latexCode: result.latexCode, message: result.message, editsLeft: result.editsLeft, savedAt: savedNow ? new Date() : null });
      if (savedNow) void invalidateWorksheets();
      const pdfUrl = await compilePreview(result.latexCode, savedId, signal);
      if (!signal.aborted) dispatch({ type: 'compiled', pdfUrl });
    } catch (err) {
      if (!signal.aborted) dispatch({ type: 'generationFailed', message: errorReason(err), text });
    }
  }, [state, startRequest, compilePreview]);

  const save = useCallback(async () => {
    dispatch({ type: 'saveError', message: null });
    const { pdfUrl, latexCode, savedId, preferences, template } = state;
    const decision = saveDecision({ pdfUrl, latexCode, hasSession: Boolean(session), savedId });
    if (decision.kind === 'error') return dispatch({ type: 'saveError', message: decision.message });
    if (decision.kind === 'already-saved') return dispatch({ type: 'assistantSays', content: ALREADY_SAVED });
    dispatch({ type: 'saveStarted' });
    try {
      const id = await saveWorksheet({ latexCode: latexCode!, documentTitle: preferences.documentTitle, template: template.id });
      dispatch({ type: 'saved', id, title: preferences.documentTitle.trim() || 'Untitled Worksheet', at: new Date() });
      void invalidateWorksheets();
    } catch (err) {
      dispatch({ type: 'saveFailed', message: saveErrorMessage(errorReason(err)) });
    }
  }, [state, session]);

  /** After the first save a changed title saves itself (when the title field is left). */
  const saveTitle = useCallback(async () => {
    const title = state.preferences.documentTitle.trim();
    const { savedId } = state;
    if (!savedId || !title || title === state.savedTitle) return;
    try {
      await renameWorksheet(savedId, title);
      dispatch({ type: 'titleSaved', title, at: new Date() });
      void invalidateWorksheets();
    } catch (err) {
      dispatch({ type: 'saveError', message: saveErrorMessage(errorReason(err)) });
    }
  }, [state]);

  return {
    ...state,
    busy: state.phase !== 'idle',
    canGenerate: canGenerate(state),
    saveBlockedReason: saveBlockedReason(state),
    updatePreferences,
    setPrompt,
    showSaveError,
    saveTitle,
    generate,
    save,
  };
}
