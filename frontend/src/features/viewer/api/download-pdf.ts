import { downloadUrl } from '@/lib/pdf-link';

/** Fetches the PDF through its download address, which records a worksheet's first download (and so ends its editing). */
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
