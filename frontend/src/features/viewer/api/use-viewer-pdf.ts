import { useCallback, useEffect, useRef, useState } from 'react';
import { compileThroughQueue } from '@/lib/compile-queue';
import { errorReason } from '@/lib/errors';
import { compileLatex, type ViewerConfig } from './viewer-config';

export const AUTO_RETRY_DELAY_MS = 1500;

type ViewerState =
  | { status: 'loading'; title: string; locked: boolean }
  | { status: 'shown'; title: string; locked: boolean; pdfUrl: string }
  | { status: 'error'; title: string; locked: boolean; error: string };

/**
 * Loads the LaTeX source and compiles it; retries once on its own after 1.5 s. waiting is true
 * while the compile waits for a free compiler in the server's queue.
 */
export function useViewerPdf(config: ViewerConfig, worksheetId: string) {
  const [state, setState] = useState<ViewerState>({ status: 'loading', title: '', locked: false });
  const [attempt, setAttempt] = useState(0);
  const [waiting, setWaiting] = useState(false);
  const autoRetried = useRef(false);

  useEffect(() => {
    let cancelled = false;
    let retryTimer: number | undefined;
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', title: s.title, locked: s.locked }));
    (async () => {
      let title = '';
      let locked = false;
      try {
        const source = await config.load(worksheetId);
        title = source.title;
        locked = source.locked;
        if (cancelled) return;
        setState({ status: 'loading', title, locked });
        const pdfUrl = await compileThroughQueue(
          () => compileLatex(source.latexCode, config.lockable ? worksheetId : null, controller.signal),
          { signal: controller.signal, onWaiting: (w) => {
            if (!cancelled) setWaiting(w);
          } },
        );
        if (!cancelled) setState({ status: 'shown', title, locked, pdfUrl });
      } catch (err) {
        if (cancelled) return;
        if (!autoRetried.current) {
          autoRetried.current = true;
          retryTimer = window.setTimeout(() => setAttempt((a) => a + 1), AUTO_RETRY_DELAY_MS);
          return;
        }
        setState({ status: 'error', title, locked, error: `Could not load or compile ${config.noun}: ${errorReason(err)}` });
      }
    })();
    return () => {
      cancelled = true;
      controller.abort();
      setWaiting(false);
      window.clearTimeout(retryTimer);
    };
  }, [config, worksheetId, attempt]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  const setFrameError = useCallback(
    (error: string) => setState((s) => ({ status: 'error', title: s.title, locked: s.locked, error })),
    [],
  );
  /** The PDF was downloaded: the worksheet can no longer be edited. */
  const markLocked = useCallback(() => setState((s) => ({ ...s, locked: true })), []);

  return { state, waiting, retry, setFrameError, markLocked };
}
