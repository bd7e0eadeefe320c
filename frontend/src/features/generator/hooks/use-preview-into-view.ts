import { useEffect, type RefObject } from 'react';

/**
 * When a new preview is ready and the preview is out of sight (on a phone it is stacked under the
 * chat), the page scrolls to it: smoothly unless the teacher asked for reduced motion. Focus
 * stays where it was, so a keyboard user keeps their place in the prompt.
 */
export function usePreviewIntoView(ref: RefObject<HTMLElement | null>, pdfUrl: string | null) {
  useEffect(() => {
    const el = ref.current;
    if (!pdfUrl || !el) return;
    if (!previewOutOfSight(el.getBoundingClientRect(), window.innerHeight)) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  }, [ref, pdfUrl]);
}

/** Whether the preview's top is outside the window (below its bottom or above its top). */
export function previewOutOfSight(box: { top: number }, viewportHeight: number): boolean {
  return box.top < 0 || box.top >= viewportHeight * 0.75;
}
