// A PDF's pages as pictures (GET /pdf/{token}/pages): what browsers without an inline PDF
// viewer show. The signed link is the credential, as for the PDF itself; looking at the
// pictures records no download, so it ends no editing.
import { useQuery } from '@tanstack/react-query';
import { apiErrorMessage, NO_RESPONSE_MESSAGE, type ApiBody } from './api-client';
import { pagesUrl, resolvePdfUrl } from './pdf-link';

export type PdfPageImage = { url: string; width: number; height: number };
export type PdfPageImages = { pages: PdfPageImage[]; more: boolean };

/** Reads a /pages answer; page addresses become absolute. */
export function readPageImages(body: ApiBody | undefined): PdfPageImages {
  const list = Array.isArray(body?.pages) ? (body.pages as unknown[]) : [];
  const pages = list.flatMap((p) => {
    const page = p as Partial<PdfPageImage> | null;
    if (typeof page?.url !== 'string' || !page.url) return [];
    return [{ url: resolvePdfUrl(page.url), width: Number(page.width) || 0, height: Number(page.height) || 0 }];
  });
  if (pages.length === 0) throw new Error('The server sent no page.');
  return { pages, more: body?.more === true };
}

export async function fetchPageImages(pdfUrl: string, signal?: AbortSignal): Promise<PdfPageImages> {
  let response: Response;
  try {
    response = await fetch(pagesUrl(pdfUrl), { signal });
  } catch {
    if (signal?.aborted) throw new Error('The request was cancelled.');
    throw new Error(NO_RESPONSE_MESSAGE);
  }
  let body: ApiBody | undefined;
  try {
    body = (await response.json()) as ApiBody;
  } catch {
    body = undefined;
  }
  if (!response.ok || !body || body.success === false) throw new Error(apiErrorMessage(response.status, body));
  return readPageImages(body);
}

/** The page images of one PDF link, fetched once per link. */
export function usePageImages(pdfUrl: string) {
  return useQuery({
    queryKey: ['pdf-pages', pdfUrl],
    queryFn: ({ signal }) => fetchPageImages(pdfUrl, signal),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}
