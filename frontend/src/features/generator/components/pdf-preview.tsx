import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { resolvePdfUrl } from '@/features/viewer/api/pdf';
import type { GeneratorPhase } from '../api/use-generator';

/** The right panel: the compiled PDF and Save To Dashboard. */
export function PdfPreview({
  pdfUrl,
  phase,
  saved,
  saveError,
  editsLeft,
  onSave,
}: {
  pdfUrl: string | null;
  phase: GeneratorPhase;
  saved: boolean;
  saveError: string | null;
  editsLeft: number | null;
  onSave: () => void;
}) {
  return (
    <section className="flex flex-col gap-3 flex-1 min-w-0" aria-label="PDF preview">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold flex-1">Preview</h2>
        {editsLeft !== null && <span className="badge badge-ghost" data-testid="edits-left">Edits left: {editsLeft}</span>}
        {saved && <span className="badge badge-success">Saved</span>}
        <button type="button" className="btn btn-secondary btn-sm" disabled={phase === 'saving'} onClick={onSave}>
          {phase === 'saving' && <span className="loading loading-spinner loading-xs" />}
          Save To Dashboard
        </button>
      </div>
      {saveError && <Alert tone="error">{saveError}</Alert>}
      {pdfUrl ? (
        <iframe
          title="Worksheet PDF preview"
          data-testid="pdf-preview"
          src={resolvePdfUrl(pdfUrl)}
          className="w-full flex-1 min-h-[70vh] border border-base-300 rounded-box bg-base-100"
        />
      ) : (
        <div className="flex-1 min-h-[40vh] flex items-center justify-center border border-dashed border-base-300 rounded-box">
          {phase === 'compiling' || phase === 'loading' ? (
            <Spinner label={phase === 'loading' ? 'Loading worksheet…' : 'Preparing the PDF preview…'} />
          ) : (
            <p className="text-base-content/60 p-6 text-center">Your worksheet preview will appear here.</p>
          )}
        </div>
      )}
    </section>
  );
}
