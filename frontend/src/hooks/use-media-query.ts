import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, updated when the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tailwind's md breakpoint: tables and side-by-side panels from here up, cards and stacks below. */
export const WIDE_SCREEN = '(min-width: 768px)';
