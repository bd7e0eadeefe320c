import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeaderLayout } from '@/components/layouts/page-header-layout';
import { Alert } from '@/components/ui/alert';
import { GuardedButton } from '@/components/ui/guarded-button';
import { MenuButton, type MenuGroup } from '@/components/ui/menu-button';
import { ConfirmDialog } from '@/components/ui/modal';
import { ConfirmExportDialog } from '@/components/export/confirm-export-dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useMediaQuery, WIDE_SCREEN } from '@/hooks/use-media-query';
import { useAuth } from '@/lib/auth';
import { WAITING_FOR_COMPILER } from '@/lib/compile-queue';
import { errorReason } from '@/lib/errors';
import { showsPdfInline } from '@/lib/inline-pdf';
import { frameSrc, resolvePdfUrl } from '@/lib/pdf-link';
import { saveBlob } from '@/lib/save-blob';
import { fetchWorksheetPdf } from '@/lib/worksheet-pdf';
import {
  EXPORT_LABELS,
  exportErrorMessage,
  exportFileName,
  fetchExport,
  type DownloadFormat,
  type ExportFormat,
} from '@/lib/worksheet-export';
import { PdfPageImages } from '@/components/pdf/pdf-page-images';
import { fetchPdfForDownload } from '../api/download-pdf';
import { useDuplicateWorksheet } from '../api/duplicate-worksheet';
import { useViewerPdf } from '../api/use-viewer-pdf';
import { downloadErrorMessage, printBlob } from '../utils/pdf-actions';
import type { ViewerConfig } from '../utils/viewer-config';

export const NOT_READY_MESSAGE = 'Cannot download. PDF is not ready.';
export const FRAME_ERROR_MESSAGE = 'Failed to load PDF in iframe.';
export const LOCK_WARNING =
  'Once you download, print or open this PDF, the worksheet can no longer be edited. You can still view and download it, and duplicate it as a new worksheet to make changes.';
export const LOCKED_NOTE = 'This worksheet’s PDF has been downloaded, so it can no longer be edited.';
export const EXPORT_LOCK_WARNING =
  'Once you download this worksheet, as a PDF, a Word document or a LaTeX project, it can no longer be edited. You can still view and download it, and duplicate it as a new worksheet to make changes.';

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

/**
 * The worksheet and answer-key viewers: header, Download PDF, Print, and the compiled PDF in a
 * frame without the browser's own toolbar, or, where the browser cannot show a PDF inside the
 * page, as page images. A worksheet's first download, print or open ends its editing: the
 * viewer says so and asks once before it happens; looking at it never does.
 */
export function PdfViewer({ config }: { config: ViewerConfig }) {
  const { worksheetId = '' } = useParams();
  const navigate = useNavigate();
  const { state, waiting, retry, setFrameError, markLocked, hasAnswerKey } = useViewerPdf(config, worksheetId);
  const { profile } = useAuth();
  const wide = useMediaQuery(WIDE_SCREEN);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Action | null>(null);
  const duplicating = useDuplicateWorksheet();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [confirmingExport, setConfirmingExport] = useState<DownloadFormat | null>(null);
  const [exporting, setExporting] = useState(false);
  const heading = config.heading(state.title);
  useDocumentTitle(heading);

  const needsConfirm = config.lockable && !state.locked;
  const locked = config.lockable && state.locked;
  const inline = showsPdfInline();
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

  /**
   * Word and LaTeX (and, from the sheet's viewer, the key's PDF): the sheet's export ends its
   * editing (asked first, as for the PDF); the key's does not.
   */
  function requestExport(format: DownloadFormat, key: boolean) {
    setActionError(null);
    if (exporting) return;
    if (!key && needsConfirm) return setConfirmingExport(format);
    void runExport(format, key);
  }

  async function runExport(format: DownloadFormat, key: boolean) {
    setExporting(true);
    try {
      const blob = format === 'pdf' ? await fetchWorksheetPdf(worksheetId, true) : await fetchExport(worksheetId, format, key);
      if (!key && config.lockable) markLocked();
      saveBlob(blob, exportFileName(state.title, key, format));
    } catch (err) {
      setActionError(exportErrorMessage(format, errorReason(err)));
    } finally {
      setExporting(false);
    }
  }

  const formats: ExportFormat[] = ['docx', 'tex'];
  const exportItems = (key: boolean) => formats.map((f) => ({ label: EXPORT_LABELS[f], onSelect: () => requestExport(f, key) }));
  const pdfItem = { label: 'PDF', onSelect: () => request('download') };
  const downloadGroups: MenuGroup[] = config.isKey
    ? [{ heading: 'Answer key', items: [pdfItem, ...exportItems(true)] }]
    : [
        { heading: 'Worksheet', items: [pdfItem, ...exportItems(false)] },
        ...(hasAnswerKey ? [{ heading: 'Answer key', items: [{ label: 'PDF', onSelect: () => requestExport('pdf', true) }, ...exportItems(true)] }] : []),
      ];

  function duplicate() {
    setActionError(null);
    duplicating.mutate(worksheetId, {
      // The copy opens where it can be edited: the generator, or (without a subscription) its viewer.
      onSuccess: (copy) => {
        if (profile?.subscription_status === 'active') navigate(paths.generator, { state: { loadWorksheetId: copy.id } });
        else navigate(paths.viewWorksheet(copy.id));
      },
      onError: (err) => setActionError(`Could not duplicate worksheet: ${errorReason(err)}`),
    });
  }

  const showOpen = !wide || !inline;
  const openButton =
    state.status === 'shown' && !needsConfirm ? (
      <a className="btn btn-outline btn-sm" href={resolvePdfUrl(state.pdfUrl)} target="_blank" rel="noreferrer">Open PDF</a>
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
          <MenuButton label={exporting ? 'Downloading…' : 'Download'} groups={downloadGroups} />
        </>
      }
    >
      <div className="flex flex-col gap-3 flex-1">
        {needsConfirm && state.status === 'shown' && (
          <p className="text-sm" data-testid="lock-note">{inline ? 'Downloading or printing' : 'Downloading or opening'} this PDF ends editing of the worksheet.</p>
        )}
        {locked && (
          <div className="flex flex-wrap items-center gap-3" data-testid="locked-note">
            <Alert tone="info">{LOCKED_NOTE}</Alert>
            <button type="button" className="btn btn-secondary btn-sm" disabled={duplicating.isPending} onClick={duplicate}>
              {duplicating.isPending ? 'Duplicating…' : 'Duplicate as new worksheet'}
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
        {state.status === 'shown' && !inline && <PdfPageImages pdfUrl={state.pdfUrl} title={heading} />}
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
      {confirmingExport && (
        <ConfirmExportDialog
          format={confirmingExport}
          warning={EXPORT_LOCK_WARNING}
          onConfirm={(format) => {
            setConfirmingExport(null);
            void runExport(format, false);
          }}
          onCancel={() => setConfirmingExport(null)}
        />
      )}
    </PageHeaderLayout>
  );
}
