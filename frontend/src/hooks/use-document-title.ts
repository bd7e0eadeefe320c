import { useEffect } from 'react';

export const APP_NAME = 'Sheetsmith';

/** "{page} · Sheetsmith", or the app's name alone for an empty page name. */
export function documentTitle(page: string | null | undefined): string {
  const name = (page ?? '').trim();
  return name ? `${name} · ${APP_NAME}` : `${APP_NAME} — AI worksheet generator`;
}

/** Sets the browser tab's title while the component is shown (WCAG 2.4.2: each page its own title). */
export function useDocumentTitle(page: string | null | undefined): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
