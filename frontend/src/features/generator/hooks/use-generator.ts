import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useAuth } from '@/lib/auth';
import { errorReason } from '@/lib/errors';
import { invalidateWorksheets } from '@/lib/query-client';
import { generateLatex } from '../api/generate-latex';
import { usePreview } from '../api/use-preview';
import { useWorksheet } from '../api/use-worksheet';
import { useDuplicateWorksheet, useRenameWorksheet, useSaveWorksheet } from '../api/use-worksheet-mutations';
import { buildGenerateRequest, documentTitleError } from '../model/generate-request';
import { canGenerate, editingClosedReason, generatorReducer, generatorView, initialGeneratorState, isSavedNow, saveBlockedReason } from '../model/generator-state';
import { loadPrintSettings } from '../model/print-settings';
import { ALREADY_SAVED, loadErrorMessage, saveDecision, saveErrorMessage } from '../model/save-rules';
import { templateById, type TemplateInUse } from '../model/template-in-use';
import type { GeneratorPreferences, LoadedWorksheet } from '../model/types';

export type { GeneratorPhase } from '../model/generator-state';

/** Everything the generator screen shows and does: generation, preview, save and loading a saved worksheet. */
export function useGenerator({ initialTemplate, loadWorksheetId }: { initialTemplate: TemplateInUse; loadWorksheetId?: string }) {
  const { session } = useAuth();
  const [state, dispatch] = useReducer(generatorReducer, initialTemplate, (t: TemplateInUse) => {
    // A new sheet starts from the teacher's remembered print settings (first: the locale's paper).
    const s = initialGeneratorState(t);
    return { ...s, preferences: { ...s.preferences, ...loadPrintSettings(localStorage, navigator.languages) } };
  });
  const controllerRef = useRef<AbortController | null>(null);
  const saveMutation = useSaveWorksheet();
  const renameMutation = useRenameWorksheet();
  const duplicateMutation = useDuplicateWorksheet();

  // The worksheet to open is a query; when it arrives it becomes the screen's document (once,
  // while rendering, as React advises for state that follows new data).
  const loaded = useWorksheet(loadWorksheetId);
  const [shown, setShown] = useState<LoadedWorksheet | null>(null);
  if (loaded.data && loaded.data !== shown) {
    setShown(loaded.data);
    dispatch({ type: 'loaded', worksheet: loaded.data, template: loaded.data.template ? templateById(loaded.data.template, localStorage) : null });
  }

  // The preview is a query of the document's source.
  const [compileWaiting, setCompileWaiting] = useState(false);
  const preview = usePreview(state.latexCode, state.savedId, setCompileWaiting);
  const view = generatorView(state, {
    loading: loaded.isLoading || (loaded.data !== undefined && loaded.data !== shown),
    loadError: loaded.error ? loadErrorMessage(errorReason(loaded.error)) : null,
    compiling: preview.isFetching,
    pdfUrl: preview.data ?? null,
    previewError: preview.error ? errorReason(preview.error) : null,
  });

  const startRequest = useCallback(() => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    return controller.signal;
  }, []);

  // Leaving the page cancels a running generation (on the server too).
  useEffect(() => () => controllerRef.current?.abort(), []);

  const updatePreferences = useCallback((preferences: GeneratorPreferences) => dispatch({ type: 'preferences', preferences }), []);
  const setPrompt = useCallback((prompt: string) => dispatch({ type: 'prompt', prompt }), []);
  const showSaveError = useCallback((message: string) => dispatch({ type: 'saveError', message }), []);

  const generate = useCallback(async () => {
    if (!canGenerate(view)) return;
    const titleError = documentTitleError(state.preferences.documentTitle);
    if (titleError) return dispatch({ type: 'formError', message: titleError });
    const { preferences, messages, template, savedId, chosenAfterPrompt } = state;
    const text = state.prompt.trim();
    const request = buildGenerateRequest({ prompt: text, preferences, history: messages, template: template.id, worksheetId: savedId, chosenAfterPrompt });
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
    } catch (err) {
      if (!signal.aborted) dispatch({ type: 'generationFailed', message: errorReason(err), text });
    }
  }, [state, view, startRequest]);

  /**
   * After the first save a changed title saves itself (when the title field is left, or on Save
   * To Dashboard); the sheet then prints it, so the preview shows the sheet as stored.
   */
  const saveTitle = useCallback(async () => {
    const title = state.preferences.documentTitle.trim();
    const { savedId, latexCode: sent } = state;
    if (!savedId || !title || title === state.savedTitle) return;
    try {
      const { stored } = await renameMutation.mutateAsync({ id: savedId, title });
      dispatch({ type: 'titleSaved', title, at: new Date(), sent, stored });
    } catch (err) {
      dispatch({ type: 'saveError', message: saveErrorMessage(errorReason(err)) });
    }
  }, [state, renameMutation]);

  /**
   * Saves the worksheet as a new one on the dashboard (printing the title typed, so the preview
   * shows the sheet as stored); its id, or null when it could not.
   */
  const saveNew = useCallback(async (): Promise<string | null> => {
    const { latexCode, preferences, template } = state;
    dispatch({ type: 'saveStarted' });
    try {
      const { id, stored } = await saveMutation.mutateAsync({ latexCode: latexCode!, documentTitle: preferences.documentTitle, template: template.id });
      dispatch({ type: 'saved', id, title: preferences.documentTitle.trim() || 'Untitled Worksheet', at: new Date(), sent: latexCode, stored });
      return id;
    } catch (err) {
      dispatch({ type: 'saveFailed', message: saveErrorMessage(errorReason(err)) });
      return null;
    }
  }, [state, saveMutation]);

  const save = useCallback(async () => {
    dispatch({ type: 'saveError', message: null });
    const decision = saveDecision({ pdfUrl: view.pdfUrl, latexCode: view.latexCode, hasSession: Boolean(session), savedId: view.savedId });
    if (decision.kind === 'error') return dispatch({ type: 'saveError', message: decision.message });
    if (decision.kind === 'already-saved') {
      // A new title still waiting to be saved is saved now; otherwise there is nothing to do.
      if (!isSavedNow(view)) return saveTitle();
      return dispatch({ type: 'assistantSays', content: ALREADY_SAVED });
    }
    await saveNew();
  }, [view, session, saveNew, saveTitle]);

  /** Duplicate as new worksheet: an editable copy (a sheet not yet saved is saved first, so nothing is lost); the copy's id. */
  const duplicate = useCallback(async (): Promise<string> => {
    const id = state.savedId ?? (await saveNew());
    if (!id) throw new Error('The worksheet could not be saved.');
    const copy = await duplicateMutation.mutateAsync(id);
    return copy.id;
  }, [state.savedId, saveNew, duplicateMutation]);

  return {
    ...view,
    compileWaiting: compileWaiting && preview.isFetching,
    busy: view.phase !== 'idle',
    canGenerate: canGenerate(view),
    closedReason: editingClosedReason(state),
    savedNow: isSavedNow(view),
    saveBlockedReason: saveBlockedReason(view),
    updatePreferences,
    setPrompt,
    showSaveError,
    saveTitle,
    generate,
    save,
    duplicate,
  };
}
