// A compiled PDF's signed link (/pdf/{token}) and the addresses made from it, shared by every
// screen that shows a PDF (the generator's preview, the viewers).
import { API_BASE } from '@/config/env';

/** pdfUrl may be relative to the product API; make it absolute. */
export function resolvePdfUrl(pdfUrl: string): string {
  if (/^https?:\/\//i.test(pdfUrl)) return pdfUrl;
  return new URL(`${API_BASE}${pdfUrl}`, window.location.href).toString();
}

/**
 * The address shown in a frame: the browser's own PDF toolbar (its download and print buttons)
 * is turned off, so that every download goes through the app's buttons, which record it.
 */
export function frameSrc(pdfUrl: string): string {
  const url = new URL(resolvePdfUrl(pdfUrl));
  url.hash = 'toolbar=0&navpanes=0';
  return url.toString();
}

/** The address that marks a download (query download=1): it ends a worksheet's editing. */
export function downloadUrl(pdfUrl: string): string {
  const url = new URL(resolvePdfUrl(pdfUrl));
  url.searchParams.set('download', '1');
  url.hash = '';
  return url.toString();
}

/** The list of the PDF's page images (GET /pdf/{token}/pages): looking at them locks nothing. */
export function pagesUrl(pdfUrl: string): string {
  const url = new URL(resolvePdfUrl(pdfUrl));
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/pages`;
  url.search = '';
  url.hash = '';
  return url.toString();
}
