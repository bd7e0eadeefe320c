import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '@/lib/auth';
import { errorReason } from '@/lib/errors';
import { generateLatex } from './generate-latex';
import { buildGenerateRequest, documentTitleError, TITLE_REQUIRED_MESSAGE } from './generate-request';
import { addProgressStep } from './progress-steps';
import { templateById, type TemplateInUse } from './template-in-use';
import { DEFAULT_PREFERENCES, type ChatMessage, type GeneratorPreferences } from './types';
import {
  ALREADY_SAVED,
  compileLatex,
  loadedMessage,
  loadErrorMessage,
  loadWorksheet,
  SAVED,
  saveDecision,
  saveErrorMessage,
  SAVE_MISSING_CONTENT,
  SAVE_WAIT,
  saveWorksheet,
} from './worksheet-api';
import { renameWorksheet } from '@/features/dashboard/api/worksheets';
import { invalidateWorksheets } from '@/lib/query-client';

export type GeneratorPhase = 'idle' | 'loading' | 'generating' | 'compiling' | 'saving';

/** Everything the generator screen shows and does: generation, preview, save and loading a saved worksheet. */
export function useGenerator({ initialTemplate, loadWorksheetId }: { initialTemplate: TemplateInUse; loadWorksheetId?: string }) {
  const { session } = useAuth();
  const [preferences, setPreferences] = useState<GeneratorPreferences>(DEFAULT_PREFERENCES);
  const [template, setTemplate] = useState<TemplateInUse>(initialTemplate);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [prompt, setPrompt] = useState('');
  const [phase, setPhase] = useState<GeneratorPhase>(loadWorksheetId ? 'loading' : 'idle');
  const [progress, setProgress] = useState<string[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [latexCode, setLatexCode] = useState<string | null>(null);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  /** The saved worksheet this document is (after Save To Dashboard or when loaded). */
  const [savedId, setSavedId] = useState<string | null>(null);
  /** The loaded worksheet's PDF was downloaded: it can no longer be edited. */
  const [locked, setLocked] = useState(false);
  const [editsLeft, setEditsLeft] = useState<number | null>(null);
  /** The last generation failed: its last progress step shows ✗. */
  const [progressFailed, setProgressFailed] = useState(false);
  /** When the saved worksheet was last written (first save, then each edit the server saves). */
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  /** The title the saved worksheet has on the server. */
  const savedTitleRef = useRef<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  const startRequest = useCallback(() => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    return controller.signal;
  }, []);

  // Leaving the page cancels whatever is running (and the generation on the server).
  useEffect(() => () => controllerRef.current?.abort(), []);

  const addMessage = useCallback((message: ChatMessage) => setMessages((m) => [...m, message]), []);

  const showPdf = useCallback(async (source: string, worksheetId: string | null, signal: AbortSignal) => {
    setPhase('compiling');
    setPdfUrl(await compileLatex(source, worksheetId, signal));
  }, []);

  // Opening the generator with navigation state loadWorksheetId loads that worksheet.
  useEffect(() => {
    if (!loadWorksheetId) return;
    const signal = startRequest();
    (async () => {
      setPhase('loading');
      setFormError(null);
      let loaded;
      try {
        loaded = await loadWorksheet(loadWorksheetId);
      } catch (err) {
        if (signal.aborted) return;
        setFormError(loadErrorMessage(errorReason(err)));
        setPhase('idle');
        return;
      }
      if (signal.aborted) return;
      setPreferences((p) => ({ ...p, documentTitle: loaded.title }));
      setMessages([{ role: 'assistant', content: loadedMessage(loaded.title), latexCode: loaded.latexCode }]);
      setLatexCode(loaded.latexCode);
      setSavedId(loaded.id);
      savedTitleRef.current = loaded.title;
      setLocked(loaded.downloaded);
      setEditsLeft(loaded.editsLeft);
      setProgress([]);
      setPdfUrl(null);
      if (loaded.template) setTemplate(templateById(loaded.template, localStorage));
      try {
        await showPdf(loaded.latexCode, loaded.id, signal);
      } catch (err) {
        if (!signal.aborted) setFormError(errorReason(err));
      } finally {
        if (!signal.aborted) setPhase('idle');
      }
    })();
    return () => {
      if (controllerRef.current?.signal === signal) controllerRef.current.abort();
    };
  }, [loadWorksheetId, startRequest, showPdf]);

  /** Changing the settings; a title typed in clears the title-required message. */
  const updatePreferences = useCallback((next: GeneratorPreferences) => {
    setPreferences(next);
    if (!documentTitleError(next.documentTitle)) setFormError((e) => (e === TITLE_REQUIRED_MESSAGE ? null : e));
  }, []);

  const busy = phase !== 'idle';
  const canGenerate = !busy && !locked && prompt.trim() !== '';

  const fail = useCallback(
    (message: string) => {
      setFormError(message);
      setProgressFailed(true);
      addMessage({ role: 'assistant', content: message });
    },
    [addMessage],
  );

  const generate = useCallback(async () => {
    if (!canGenerate) return;
    const titleError = documentTitleError(preferences.documentTitle);
    if (titleError) {
      setFormError(titleError);
      return;
    }
    const text = prompt.trim();
    const request = buildGenerateRequest({ prompt: text, preferences, history: messages, template: template.id, worksheetId: savedId });
    addMessage({ role: 'user', content: text });
    setPrompt('');
    setFormError(null);
    setSaveError(null);
    setProgress([]);
    setProgressFailed(false);
    setPhase('generating');
    const signal = startRequest();
    // After a failure the request stays in the box, to try again or reword.
    const failKeepingPrompt = (message: string) => {
      fail(message);
      setPrompt((current) => (current.trim() === '' ? text : current));
    };
    try {
      const result = await generateLatex(request, { signal, onProgress: (line) => setProgress((p) => addProgressStep(p, line)) });
      if (signal.aborted) return;
      if (!result.ok) return failKeepingPrompt(result.error);
      addMessage({ role: 'assistant', content: result.message, latexCode: result.latexCode });
      setLatexCode(result.latexCode);
      setPdfUrl(null);
      if (result.editsLeft !== undefined) setEditsLeft(result.editsLeft);
      // An edit of a saved worksheet is saved by the server as it is made.
      if (savedId && result.worksheetId === savedId) {
        setSavedAt(new Date());
        void invalidateWorksheets();
      }
      await showPdf(result.latexCode, savedId, signal);
    } catch (err) {
      if (!signal.aborted) failKeepingPrompt(errorReason(err));
    } finally {
      if (!signal.aborted) setPhase('idle');
    }
  }, [canGenerate, preferences, prompt, messages, template.id, savedId, addMessage, startRequest, fail, showPdf]);

  const save = useCallback(async () => {
    setSaveError(null);
    const decision = saveDecision({ pdfUrl, latexCode, hasSession: Boolean(session), savedId });
    if (decision.kind === 'error') return setSaveError(decision.message);
    if (decision.kind === 'already-saved') return addMessage({ role: 'assistant', content: ALREADY_SAVED });
    setPhase('saving');
    try {
      const id = await saveWorksheet({ latexCode: latexCode!, documentTitle: preferences.documentTitle, template: template.id });
      setSavedId(id);
      savedTitleRef.current = preferences.documentTitle.trim() || 'Untitled Worksheet';
      setSavedAt(new Date());
      void invalidateWorksheets();
      addMessage({ role: 'assistant', content: SAVED });
    } catch (err) {
      setSaveError(saveErrorMessage(errorReason(err)));
    } finally {
      setPhase('idle');
    }
  }, [pdfUrl, latexCode, session, savedId, preferences.documentTitle, template.id, addMessage]);

  /** After the first save a changed title saves itself (when the title field is left). */
  const saveTitle = useCallback(async () => {
    const title = preferences.documentTitle.trim();
    if (!savedId || !title || title === savedTitleRef.current) return;
    try {
      await renameWorksheet(savedId, title);
      savedTitleRef.current = title;
      setSavedAt(new Date());
      void invalidateWorksheets();
    } catch (err) {
      setSaveError(saveErrorMessage(errorReason(err)));
    }
  }, [preferences.documentTitle, savedId]);

  /** Why Save To Dashboard cannot work yet (null when it can). */
  const saveBlockedReason = busy ? SAVE_WAIT : !pdfUrl || !latexCode ? SAVE_MISSING_CONTENT : null;

  return {
    preferences,
    updatePreferences,
    template,
    messages,
    prompt,
    setPrompt,
    phase,
    busy,
    canGenerate,
    progress,
    formError,
    saveError,
    latexCode,
    pdfUrl,
    savedId,
    locked,
    editsLeft,
    progressFailed,
    savedAt,
    saveBlockedReason,
    showSaveError: setSaveError,
    saveTitle,
    generate,
    save,
  };
}
