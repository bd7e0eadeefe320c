import { API_BASE } from '@/config/env';

/** pdfUrl may be relative to the product API; make it absolute. */
export function resolvePdfUrl(pdfUrl: string): string {
  if (/^https?:\/\//i.test(pdfUrl)) return pdfUrl;
  return new URL(`${API_BASE}${pdfUrl}`, window.location.href).toString();
}

/** The address that marks a download (query download=1). */
export function downloadUrl(pdfUrl: string): string {
  const url = new URL(resolvePdfUrl(pdfUrl));
  url.searchParams.set('download', '1');
  return url.toString();
}

/** 'Could not download PDF: {reason}.' without a doubled full stop. */
export function downloadErrorMessage(reason: string): string {
  return `Could not download PDF: ${reason.replace(/\.+$/, '')}.`;
}

/** Fetches the PDF as a blob and saves it under fileName. */
export async function downloadPdf(pdfUrl: string, fileName: string): Promise<void> {
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
