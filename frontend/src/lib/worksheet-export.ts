// A saved worksheet, or its answer key, as a Word document or a LaTeX project (GET /export/{id}).
// The viewer and the dashboard both offer them. Exporting the sheet ends its editing, as
// downloading its PDF does; exporting the key does not.
import { apiErrorMessage, apiUrl, ApiError, NO_RESPONSE_MESSAGE, type ApiBody } from '@/lib/api-client';
import { pb } from '@/lib/pocketbase';

export type ExportFormat = 'docx' | 'tex';
/** Every format a Download menu offers. */
export type DownloadFormat = ExportFormat | 'pdf';

/** What the menus call each format. */
export const EXPORT_LABELS: Record<DownloadFormat, string> = { pdf: 'PDF', docx: 'Word (.docx)', tex: 'LaTeX for Overleaf (.zip)' };
/** The same, in a sentence: 'Download the Word document and end editing?'. */
export const EXPORT_NOUNS: Record<DownloadFormat, string> = { pdf: 'PDF', docx: 'Word document', tex: 'LaTeX project' };

const EXTENSIONS: Record<DownloadFormat, string> = { pdf: '.pdf', docx: '.docx', tex: '.zip' };

/** Spec §7's file-name rule with the format's extension: the title in lower case, every non-alphanumeric character an underscore. */
export function exportFileName(title: string | null | undefined, key: boolean, format: DownloadFormat): string {
  const trimmed = (title ?? '').trim();
  const base = !trimmed ? (key ? 'answer_key' : 'worksheet') : (key ? `${trimmed} answer key` : trimmed).toLowerCase().replace(/[^a-z0-9]/g, '_');
  return base + EXTENSIONS[format];
}

/** 'Could not download the Word document: {reason}.' without a doubled full stop. */
export function exportErrorMessage(format: DownloadFormat, reason: string): string {
  return `Could not download the ${EXPORT_NOUNS[format]}: ${reason.replace(/\.+$/, '')}.`;
}

/** GET /export/{id}?format=…[&key=1]: the file, as a blob. */
export async function fetchExport(id: string, format: ExportFormat, key: boolean): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(apiUrl(`/export/${encodeURIComponent(id)}?format=${format}${key ? '&key=1' : ''}`), {
      headers: { Authorization: `Bearer ${pb.authStore.token}` },
    });
  } catch {
    throw new ApiError(NO_RESPONSE_MESSAGE);
  }
  if (!response.ok) {
    let body: ApiBody | undefined;
    try {
      body = (await response.json()) as ApiBody;
    } catch {
      body = undefined;
    }
    throw new ApiError(apiErrorMessage(response.status, body), response.status, body);
  }
  return response.blob();
}
