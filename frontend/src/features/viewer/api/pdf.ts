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

/** The address that marks a download (query download=1). */
export function downloadUrl(pdfUrl: string): string {
  const url = new URL(resolvePdfUrl(pdfUrl));
  url.searchParams.set('download', '1');
  url.hash = '';
  return url.toString();
}

/** 'Could not download PDF: {reason}.' without a doubled full stop. */
export function downloadErrorMessage(reason: string): string {
  return `Could not download PDF: ${reason.replace(/\.+$/, '')}.`;
}

/** Fetches the PDF through its download address (which records a worksheet's first download). */
export async function fetchPdfForDownload(pdfUrl: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(downloadUrl(pdfUrl));
  } catch {
    throw new Error('Could not connect to the server');
  }
  if (!response.ok) {
    let reason = `the server answered ${response.status}`;
    try {
      const body = await response.json();
      if (typeof body?.error === 'string' && body.error) reason = body.error;
    } catch {
      /* not JSON: keep the status */
    }
    throw new Error(reason);
  }
  const blob = await response.blob();
  return blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
}

/** Saves a blob under fileName. */
export function saveBlob(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before releasing the blob.
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

/** Fetches the PDF as a blob and saves it under fileName. */
export async function downloadPdf(pdfUrl: string, fileName: string): Promise<void> {
  saveBlob(await fetchPdfForDownload(pdfUrl), fileName);
}

/** Opens the browser's print dialog for a PDF, from a hidden frame. */
export function printBlob(blob: Blob): void {
  const objectUrl = URL.createObjectURL(blob);
  const frame = document.createElement('iframe');
  frame.title = 'PDF for printing';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;width:1px;height:1px;left:-9999px;border:0';
  frame.onload = () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      window.open(objectUrl, '_blank', 'noopener');
    }
  };
  frame.src = objectUrl;
  document.body.appendChild(frame);
  window.setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(objectUrl);
  }, 60_000);
}
