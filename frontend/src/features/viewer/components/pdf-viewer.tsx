import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeaderLayout } from '@/components/layouts/page-header-layout';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { errorReason } from '@/lib/errors';
import { pdfFileName } from '../api/filename';
import { downloadErrorMessage, downloadPdf, resolvePdfUrl } from '../api/pdf';
import { useViewerPdf } from '../api/use-viewer-pdf';
import type { ViewerConfig } from '../api/viewer-config';

export const NOT_READY_MESSAGE = 'Cannot download. PDF is not ready.';
export const FRAME_ERROR_MESSAGE = 'Failed to load PDF in iframe.';

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

/** The worksheet and answer-key viewers: header, Download PDF, and the compiled PDF in a frame. */
export function PdfViewer({ config }: { config: ViewerConfig }) {
  const { worksheetId = '' } = useParams();
  const { state, retry, setFrameError } = useViewerPdf(config, worksheetId);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const title = state.title || config.titleFallback;

  async function handleDownload() {
    setDownloadError(null);
    if (state.status !== 'shown') return setDownloadError(NOT_READY_MESSAGE);
    setDownloading(true);
    try {
      await downloadPdf(state.pdfUrl, pdfFileName(state.title, config.fileFallback));
    } catch (err) {
      setDownloadError(downloadErrorMessage(errorReason(err)));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <PageHeaderLayout
      title={title}
      actions={
        <>
          {config.editable && (
            <Link to="/app" state={{ loadWorksheetId: worksheetId }} className="btn btn-ghost btn-sm">
              Edit in Generator
            </Link>
          )}
          <button type="button" className="btn btn-primary btn-sm" disabled={downloading} onClick={handleDownload}>
            {downloading ? 'Downloading…' : 'Download PDF'}
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3 flex-1">
        {downloadError && <Alert tone="error">{downloadError}</Alert>}
        {state.status === 'loading' && <Spinner label={`Loading ${config.noun}…`} />}
        {state.status === 'error' && (
          <div className="flex flex-col gap-3 items-start" data-testid="viewer-error">
            <Alert tone="error">{state.error}</Alert>
            <button type="button" className="btn btn-outline" onClick={retry}>Retry Loading</button>
          </div>
        )}
        {state.status === 'shown' && (
          <iframe
            title={title}
            src={resolvePdfUrl(state.pdfUrl)}
            className="w-full flex-1 min-h-[75vh] border border-base-300 rounded-box bg-base-100"
            onError={() => setFrameError(FRAME_ERROR_MESSAGE)}
            onLoad={(e) => {
              if (frameShowsErrorPage(e.currentTarget)) setFrameError(FRAME_ERROR_MESSAGE);
            }}
          />
        )}
      </div>
    </PageHeaderLayout>
  );
}
