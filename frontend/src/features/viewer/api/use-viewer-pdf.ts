import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { compileThroughQueue } from '@/lib/compile-queue';
import { errorReason } from '@/lib/errors';
import type { ViewerConfig } from '../utils/viewer-config';
import { compileLatex } from './compile-pdf';
import type { ViewerSource } from './get-viewer-source';

export const AUTO_RETRY_DELAY_MS = 1500;

export type ViewerState =
  | { status: 'loading'; title: string; locked: boolean }
  | { status: 'shown'; title: string; locked: boolean; pdfUrl: string }
  | { status: 'error'; title: string; locked: boolean; error: string };

/**
 * Loads the LaTeX source and compiles it, as two queries: the source, then its PDF link. The
 * first failure is tried again on its own after 1.5 s, once per visit; Retry Loading tries
 * once more. waiting is true while the compile waits for a free compiler in the server's queue.
 * Each visit loads afresh (gcTime 0): a rename or a download elsewhere shows on the next visit.
 */
export function useViewerPdf(config: ViewerConfig, worksheetId: string) {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState(false);
  const [frameError, setFrameError] = useState<string | null>(null);
  const autoRetried = useRef(false);
  const retryOnce = useCallback(() => {
    if (autoRetried.current) return false;
    autoRetried.current = true;
    return true;
  }, []);

  const sourceKey = useMemo(() => ['viewer-source', config.noun, worksheetId] as const, [config.noun, worksheetId]);
  const source = useQuery({
    queryKey: sourceKey,
    queryFn: () => config.load(worksheetId),
    retry: retryOnce,
    retryDelay: AUTO_RETRY_DELAY_MS,
    staleTime: Infinity,
    gcTime: 0,
  });
  const latexCode = source.data?.latexCode;
  const compiled = useQuery({
    queryKey: ['viewer-pdf', config.noun, worksheetId, latexCode],
    queryFn: async ({ signal }) => {
      try {
        return await compileThroughQueue(() => compileLatex(latexCode ?? '', config.lockable ? worksheetId : null, signal), {
          signal,
          onWaiting: setWaiting,
        });
      } finally {
        setWaiting(false);
      }
    },
    enabled: latexCode !== undefined,
    retry: retryOnce,
    retryDelay: AUTO_RETRY_DELAY_MS,
    staleTime: Infinity,
    gcTime: 0,
  });

  const title = source.data?.title ?? '';
  const locked = source.data?.locked ?? false;
  let state: ViewerState;
  const failure = frameError ?? (source.isError ? source.error : compiled.isError ? compiled.error : null);
  if (failure !== null && !source.isFetching && !compiled.isFetching) {
    const error = typeof failure === 'string' ? failure : `Could not load or compile ${config.noun}: ${errorReason(failure)}`;
    state = { status: 'error', title, locked, error };
  } else if (compiled.data && !compiled.isFetching && !frameError) {
    state = { status: 'shown', title, locked, pdfUrl: compiled.data };
  } else {
    state = { status: 'loading', title, locked };
  }

  /** Retry Loading: whatever failed, once more (a PDF the frame could not show is compiled again). */
  const retry = useCallback(() => {
    setFrameError(null);
    if (source.isError) void source.refetch();
    else void compiled.refetch();
  }, [source, compiled]);

  /** The PDF was downloaded: the worksheet can no longer be edited. */
  const markLocked = useCallback(() => {
    queryClient.setQueryData<ViewerSource>(sourceKey, (s) => (s ? { ...s, locked: true } : s));
  }, [queryClient, sourceKey]);

  return { state, waiting, retry, setFrameError, markLocked, hasAnswerKey: source.data?.hasAnswerKey ?? false };
}
