import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { errorReason } from '@/lib/errors';
import { usePageImages } from '@/lib/pdf-pages';

/**
 * A PDF's pages as pictures, one under the other at the panel's width: how a browser without an
 * inline PDF viewer shows a worksheet. Looking at them ends no editing.
 */
export function PdfPageImages({ pdfUrl, title }: { pdfUrl: string; title: string }) {
  const query = usePageImages(pdfUrl);
  if (query.isPending) return <Spinner label="Drawing the pages…" />;
  if (query.isError) {
    return (
      <div className="flex flex-col gap-3 items-start" data-testid="pdf-pages-error">
        <Alert tone="error">Could not show the pages: {errorReason(query.error)}</Alert>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void query.refetch()}>
          Show the pages again
        </button>
      </div>
    );
  }
  const { pages, more } = query.data;
  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col gap-4 list-none p-0 m-0" aria-label={`${title}: ${pages.length === 1 ? '1 page' : `${pages.length} pages`}`} data-testid="pdf-pages">
        {pages.map((page, i) => (
          <li key={page.url}>
            <img
              src={page.url}
              width={page.width || undefined}
              height={page.height || undefined}
              alt={`Page ${i + 1} of ${pages.length}: ${title}`}
              className="w-full h-auto border border-base-300 rounded-box bg-white"
            />
          </li>
        ))}
      </ol>
      {more && <p className="text-sm">Only the first {pages.length} pages are shown here.</p>}
    </div>
  );
}
