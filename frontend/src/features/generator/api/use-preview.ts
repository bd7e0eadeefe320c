import { useQuery } from '@tanstack/react-query';
import { compileThroughQueue } from '@/lib/compile-queue';
import { compileLatex } from './worksheet-api';

/**
 * The preview PDF of the current document: compiled (POST /compile, through the queue) whenever
 * the source changes, cancelled when the screen is left. worksheetId is the saved worksheet the
 * source belongs to, so that downloading the PDF later records it; it is not part of the key, so
 * saving does not compile again. onWaiting says when the job waits for a free compiler.
 */
export function usePreview(latexCode: string | null, worksheetId: string | null, onWaiting: (waiting: boolean) => void) {
  return useQuery({
    queryKey: ['generator-preview', latexCode],
    queryFn: ({ signal }) => compileThroughQueue(() => compileLatex(latexCode!, worksheetId, signal), { signal, onWaiting }),
    enabled: latexCode !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
}
