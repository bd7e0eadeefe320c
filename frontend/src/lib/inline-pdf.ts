// Whether this browser shows a PDF inside the page. Where it cannot (Android's Chrome, most
// phones), a PDF frame offers only a download, and a download ends a worksheet's editing, so
// those browsers are shown page images instead.

type NavigatorLike = {
  pdfViewerEnabled?: boolean;
  userAgent?: string;
  mimeTypes?: { namedItem?: (name: string) => unknown } | undefined;
};

/**
 * navigator.pdfViewerEnabled where the browser has it (Chrome, Edge and Firefox since 2022,
 * Safari since 16.4). Without it: a browser that lists a PDF handler shows PDFs inline, and a
 * phone or tablet does not. iPhones and iPads say true but draw only a frame's first page, so
 * they get page images too.
 */
export function showsPdfInline(nav: NavigatorLike | undefined = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  if (!nav) return true;
  const ua = nav.userAgent ?? '';
  if (/iPhone|iPad|iPod/i.test(ua)) return false;
  if (typeof nav.pdfViewerEnabled === 'boolean') return nav.pdfViewerEnabled;
  if (nav.mimeTypes?.namedItem?.('application/pdf')) return true;
  return !/Android|Mobile|Tablet/i.test(ua);
}
