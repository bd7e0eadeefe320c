// The question before a download that ends editing: the viewer and the dashboard ask it alike.
import { ConfirmDialog } from '@/components/ui/modal';
import { EXPORT_NOUNS, type DownloadFormat } from '@/lib/worksheet-export';

export function ConfirmExportDialog({
  format,
  warning,
  onConfirm,
  onCancel,
}: {
  format: DownloadFormat;
  warning: string;
  onConfirm: (format: DownloadFormat) => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Download the ${EXPORT_NOUNS[format]} and end editing?`}
      confirmLabel={`Download ${EXPORT_NOUNS[format]}`}
      onConfirm={() => onConfirm(format)}
      onCancel={onCancel}
    >
      <p>{warning}</p>
    </ConfirmDialog>
  );
}
