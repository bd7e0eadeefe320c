import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { GuardedButton } from '@/components/ui/guarded-button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { PdfPageImages } from '@/components/pdf/pdf-page-images';
import { showsPdfInline } from '@/lib/inline-pdf';
import { frameSrc } from '@/lib/pdf-link';
import { WAITING_FOR_COMPILER } from '@/lib/compile-queue';
import type { GeneratorPhase } from '../model/generator-state';

/** The right panel: the compiled PDF and Save To Dashboard. */
export function PdfPreview({
  pdfUrl,
  phase,
  compileWaiting = false,
  savedId,
  saveError,
  saveBlockedReason,
  onSaveBlocked,
  editsLeft,
  onSave,
  savedNow = false,
}: {
  pdfUrl: string | null;
  phase: GeneratorPhase;
  /** The compile waits for a free compiler in the server's queue. */
  compileWaiting?: boolean;
  savedId: string | null;
  saveError: string | null;
  saveBlockedReason: string | null;
  onSaveBlocked: (reason: string) => void;
  editsLeft: number | null;
  onSave: () => void;
  /** The dashboard has this worksheet as shown: the button says Saved, no longer in the call-to-action colour. */
  savedNow?: boolean;
}) {
  const inline = showsPdfInline();
  return (
    <section className="flex flex-col gap-3 flex-1 min-w-0" aria-label="PDF preview">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold flex-1">Preview</h2>
        {editsLeft !== null && <span className="badge badge-ghost" data-testid="edits-left">Edits left: {editsLeft}</span>}
        <GuardedButton
          className={`btn btn-sm ${savedNow ? 'btn-ghost' : 'btn-secondary'}`}
          data-state={savedNow ? 'saved' : 'unsaved'}
          blockedReason={saveBlockedReason}
          onBlocked={onSaveBlocked}
          onClick={onSave}
        >
          {phase === 'saving' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {savedNow ? <><span aria-hidden="true">✓</span> Saved to Dashboard</> : 'Save To Dashboard'}
        </GuardedButton>
      </div>
      {savedId && <p className="text-sm">Saved to your dashboard: changes you ask for now save themselves.</p>}
      {saveError && <Alert tone="error">{saveError}</Alert>}
      {pdfUrl && inline ? (
        <iframe
          title="Worksheet PDF preview"
          data-testid="pdf-preview"
          src={frameSrc(pdfUrl)}
          className="w-full flex-1 min-h-[60vh] lg:min-h-[70vh] border border-base-300 rounded-box bg-base-100"
        />
      ) : pdfUrl ? (
        // No inline PDF viewer (most phones): the pages as pictures, which end no editing. Download
        // and Open, which do, are in the viewer, behind its warning.
        <div className="flex flex-col gap-3" data-testid="pdf-preview-pages">
          <PdfPageImages pdfUrl={pdfUrl} title="Worksheet preview" />
          {savedId && (
            <Link className="btn btn-outline btn-sm self-start" to={paths.viewWorksheet(savedId)}>
              Open in the viewer
            </Link>
          )}
        </div>
      ) : (
        <div className="flex-1 min-h-[30vh] lg:min-h-[40vh] flex items-center justify-center border border-dashed border-base-300 rounded-box">
          {phase === 'compiling' || phase === 'loading' ? (
            <Spinner label={compileWaiting ? WAITING_FOR_COMPILER : phase === 'loading' ? 'Loading worksheet…' : 'Preparing the PDF preview…'} />
          ) : (
            <p className="text-base-content/75 p-6 text-center">Your worksheet preview will appear here.</p>
          )}
        </div>
      )}
    </section>
  );
}
