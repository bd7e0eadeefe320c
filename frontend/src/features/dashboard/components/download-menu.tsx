import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { MenuButton, type MenuGroup } from '@/components/ui/menu-button';
import { ConfirmExportDialog } from '@/components/export/confirm-export-dialog';
import { errorReason } from '@/lib/errors';
import { saveBlob } from '@/lib/save-blob';
import {
  EXPORT_LABELS,
  exportErrorMessage,
  exportFileName,
  fetchExport,
  type DownloadFormat,
} from '@/lib/worksheet-export';
import { fetchWorksheetPdf } from '@/lib/worksheet-pdf';

export const DASHBOARD_EXPORT_WARNING =
  'Downloading a worksheet ends its editing, if it has not been downloaded already. You can still view and download it, and duplicate it as a new worksheet to make changes. Downloading its answer key ends nothing.';

type Props = { worksheetId: string; title: string; hasAnswerKey: boolean };

/**
 * A worksheet's Download menu on the dashboard: PDF, Word and LaTeX of the sheet, and of its
 * key when it has one. The sheet's download ends its editing, so it asks first; the key's does
 * not.
 */
export function DownloadMenu({ worksheetId, title, hasAnswerKey }: Props) {
  const [confirming, setConfirming] = useState<DownloadFormat | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(format: DownloadFormat, key: boolean) {
    setBusy(true);
    setError(null);
    try {
      const blob = format === 'pdf' ? await fetchWorksheetPdf(worksheetId, key) : await fetchExport(worksheetId, format, key);
      saveBlob(blob, exportFileName(title, key, format));
    } catch (err) {
      setError(exportErrorMessage(format, errorReason(err)));
    } finally {
      setBusy(false);
    }
  }

  function choose(format: DownloadFormat, key: boolean) {
    if (busy) return;
    if (key) void run(format, true);
    else setConfirming(format);
  }

  const formats: DownloadFormat[] = ['pdf', 'docx', 'tex'];
  const items = (key: boolean) => formats.map((f) => ({ label: EXPORT_LABELS[f], onSelect: () => choose(f, key) }));
  const groups: MenuGroup[] = [{ heading: 'Worksheet', items: items(false) }, ...(hasAnswerKey ? [{ heading: 'Answer key', items: items(true) }] : [])];

  return (
    <>
      <MenuButton label={busy ? 'Downloading…' : 'Download'} ariaLabel={`Download ${title}`} groups={groups} className="btn btn-sm btn-ghost" />
      {error && <Alert tone="error">{error}</Alert>}
      {confirming && (
        // Inside a row that opens its worksheet when clicked: the dialog's clicks stay here.
        <div onClick={(e) => e.stopPropagation()}>
          <ConfirmExportDialog
            format={confirming}
            warning={DASHBOARD_EXPORT_WARNING}
            onConfirm={(format) => {
              setConfirming(null);
              void run(format, false);
            }}
            onCancel={() => setConfirming(null)}
          />
        </div>
      )}
    </>
  );
}
