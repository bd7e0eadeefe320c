import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeaderLayout } from '@/components/layouts/page-header-layout';
import { Alert } from '@/components/ui/alert';
import { GuardedButton } from '@/components/ui/guarded-button';
import { ConfirmDialog } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { duplicateWorksheet } from '@/features/dashboard/api/worksheets';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useMediaQuery, WIDE_SCREEN } from '@/hooks/use-media-query';
import { useAuth } from '@/lib/auth';
import { WAITING_FOR_COMPILER } from '@/lib/compile-queue';
import { errorReason } from '@/lib/errors';
import { downloadErrorMessage, fetchPdfForDownload, frameSrc, printBlob, resolvePdfUrl, saveBlob } from '../api/pdf';
import { useViewerPdf } from '../api/use-viewer-pdf';
import type { ViewerConfig } from '../api/viewer-config';

export const NOT_READY_MESSAGE = 'Cannot download. PDF is not ready.';
export const FRAME_ERROR_MESSAGE = 'Failed to load PDF in iframe.';
export const LOCK_WARNING =
  'Once you download, print or open this PDF, the worksheet can no longer be edited. You can still view and download it, and duplicate it as a new worksheet to make changes.';
export const LOCKED_NOTE = 'This worksheet’s PDF has been downloaded, so it can no longer be edited.';

type Action = 'download' | 'print' | 'open';
const ACTION_LABELS: Record<Action, string> = { download: 'Download PDF', print: 'Print', open: 'Open PDF' };

/**
 * An iframe fires no error event for an HTTP error (an expired PDF link, for instance), but a
 * same-origin frame lets us see that it shows an error page instead of a PDF.
 */
function frameShowsErrorPage(frame: HTMLIFrameElement): boolean {
  try {
    const doc = frame.contentDocument;
    if (!doc || doc.URL === 'about:blank') return false;
    return /^(application\/json|text\/plain)/.test(doc.contentType);
  } catch {
    return false; // another origin: nothing to inspect
  }
}

/** Whether this browser shows PDFs inside a page (phones mostly do not). */
function browserShowsPdfInline(): boolean {
  return typeof navigator === 'undefined' || navigator.pdfViewerEnabled !== false;
}

/**
 * The worksheet and answer-key viewers: header, Download PDF, Print, and the compiled PDF in a
 * frame without the browser's own toolbar. A worksheet's first download, print or open ends
 * its editing: the viewer says so and asks once before it happens.
 */
export function PdfViewer({ config }: { config: ViewerConfig }) {
  const { worksheetId = '' } = useParams();
  const navigate = useNavigate();
  const { state, waiting, retry, setFrameError, markLocked } = useViewerPdf(config, worksheetId);
  const { profile } = useAuth();
  const wide = useMediaQuery(WIDE_SCREEN);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Action | 'duplicate' | null>(null);
  const [confirming, setConfirming] = useState<Action | null>(null);
  const heading = config.heading(state.title);
  useDocumentTitle(heading);

  const needsConfirm = config.lockable && !state.locked;
  const locked = config.lockable && state.locked;
  const inline = browserShowsPdfInline();
  const blockedReason = state.status === 'shown' ? null : NOT_READY_MESSAGE;

  function request(action: Action) {
    setActionError(null);
    if (state.status !== 'shown') return setActionError(NOT_READY_MESSAGE);
    if (needsConfirm) return setConfirming(action);
    void run(action, null);
  }

  /** Fetches the PDF through its download address (recording the download), then acts. */
  async function run(action: Action, openedWindow: Window | null) {
    if (state.status !== 'shown') return;
    setBusy(action);
    try {
      const blob = await fetchPdfForDownload(state.pdfUrl);
      if (config.lockable) markLocked();
      if (action === 'download') saveBlob(blob, config.fileName(state.title));
      if (action === 'print') printBlob(blob);
      if (action === 'open') {
        const url = URL.createObjectURL(blob);
        if (openedWindow) openedWindow.location.href = url;
        else window.open(url, '_blank', 'noopener');
      }
    } catch (err) {
      openedWindow?.close();
      setActionError(downloadErrorMessage(errorReason(err)));
    } finally {
      setBusy(null);
    }
  }

  function confirm() {
    const action = confirming;
    setConfirming(null);
    if (!action) return;
    // A window opened later than the click would be stopped by the pop-up blocker.
    const opened = action === 'open' ? window.open('', '_blank') : null;
    void run(action, opened);
  }

  async function duplicate() {
    setActionError(null);
    setBusy('duplicate');
    try {
      const copy = await duplicateWorksheet(worksheetId);
      // The copy opens where it can be edited: the generator, or (without a subscription) its viewer.
      if (profile?.subscription_status === 'active') navigate(paths.generator, { state: { loadWorksheetId: copy.id } });
      else navigate(paths.viewWorksheet(copy.id));
    } catch (err) {
      setActionError(`Could not duplicate worksheet: ${errorReason(err)}`);
      setBusy(null);
    }
  }

  const showOpen = !wide || !inline;
  const openButton =
    state.status === 'shown' && !needsConfirm ? (
      <a className="btn btn-outline btn-sm" href={resolvePdfUrl(state.pdfUrl)} target="_blank" rel="noopener">Open PDF</a>
    ) : (
      <GuardedButton className="btn btn-outline btn-sm" blockedReason={blockedReason} onBlocked={setActionError} onClick={() => request('open')}>
        {busy === 'open' ? 'Opening…' : 'Open PDF'}
      </GuardedButton>
    );

  return (
    <PageHeaderLayout
      title={heading}
      actions={
        <>
          {config.lockable && !state.locked && (
            <Link to={paths.generator} state={{ loadWorksheetId: worksheetId }} className="btn btn-ghost btn-sm">
              Edit in Generator
            </Link>
          )}
          {showOpen && openButton}
          {inline && (
            <GuardedButton className="btn btn-outline btn-sm" blockedReason={blockedReason} onBlocked={setActionError} onClick={() => request('print')}>
              {busy === 'print' ? 'Preparing…' : 'Print'}
            </GuardedButton>
          )}
          <GuardedButton className="btn btn-primary btn-sm" blockedReason={blockedReason} onBlocked={setActionError} onClick={() => request('download')}>
            {busy === 'download' ? 'Downloading…' : 'Download PDF'}
          </GuardedButton>
        </>
      }
    >
      <div className="flex flex-col gap-3 flex-1">
        {needsConfirm && state.status === 'shown' && (
          <p className="text-sm" data-testid="lock-note">Downloading or printing this PDF ends editing of the worksheet.</p>
        )}
        {locked && (
          <div className="flex flex-wrap items-center gap-3" data-testid="locked-note">
            <Alert tone="info">{LOCKED_NOTE}</Alert>
            <button type="button" className="btn btn-secondary btn-sm" disabled={busy === 'duplicate'} onClick={duplicate}>
              {busy === 'duplicate' ? 'Duplicating…' : 'Duplicate as new worksheet'}
            </button>
          </div>
        )}
        {actionError && <Alert tone="error">{actionError}</Alert>}
        {state.status === 'loading' && <Spinner label={waiting ? WAITING_FOR_COMPILER : `Loading ${config.noun}…`} />}
        {state.status === 'error' && (
          <div className="flex flex-col gap-3 items-start" data-testid="viewer-error">
            <Alert tone="error">{state.error}</Alert>
            <button type="button" className="btn btn-outline" onClick={retry}>Retry Loading</button>
          </div>
        )}
        {state.status === 'shown' && inline && (
          <iframe
            title={`${heading} (PDF)`}
            src={frameSrc(state.pdfUrl)}
            className="w-full flex-1 min-h-[60vh] md:min-h-[75vh] border border-base-300 rounded-box bg-base-100"
            onError={() => setFrameError(FRAME_ERROR_MESSAGE)}
            onLoad={(e) => {
              if (frameShowsErrorPage(e.currentTarget)) setFrameError(FRAME_ERROR_MESSAGE);
            }}
          />
        )}
        {state.status === 'shown' && !inline && (
          <p data-testid="no-inline-pdf">This browser cannot show the PDF inside the page. Use Open PDF to see it.</p>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title={`${ACTION_LABELS[confirming]} and end editing?`}
          confirmLabel={ACTION_LABELS[confirming]}
          onConfirm={confirm}
          onCancel={() => setConfirming(null)}
        >
          <p>{LOCK_WARNING}</p>
        </ConfirmDialog>
      )}
    </PageHeaderLayout>
  );
}
