import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMediaQuery, WIDE_SCREEN } from '@/hooks/use-media-query';
import { errorReason } from '@/lib/errors';
import {
  useDeleteWorksheet,
  useDeleteWorksheets,
  useDuplicateWorksheet,
  useRenameWorksheet,
  useWorksheetPages,
  type WorksheetSummary,
} from '../api/worksheets';
import { isSortOrder, joinPages, resultsSummary, SORT_OPTIONS, visibleWorksheets, type SortOrder } from '../utils/list-view';
import { bulkDeleteMessage, listErrorMessage } from '../utils/messages';
import { WorksheetRow } from './worksheet-row';

const SORT_KEY = 'dashboardSort';

function storedSort(): SortOrder {
  const value = localStorage.getItem(SORT_KEY) ?? '';
  return isSortOrder(value) ? value : 'newest';
}

export function WorksheetList() {
  const wide = useMediaQuery(WIDE_SCREEN);
  const searchId = useId();
  const sortId = useId();
  const query = useWorksheetPages();
  const deleteOneMutation = useDeleteWorksheet();
  const deleteManyMutation = useDeleteWorksheets();
  const renameMutation = useRenameWorksheet();
  const duplicateMutation = useDuplicateWorksheet();
  // The first fetch is still bringing the rest of the pages (a refetch shows the old list whole).
  const loadingMore = query.isFetching && !!query.data?.at(-1)?.nextCursor;
  const worksheets = query.data ? joinPages(query.data) : query.isError ? [] : null;
  const loadError = query.isError ? listErrorMessage(errorReason(query.error)) : null;
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [chosen, setSelected] = useState<Set<string>>(new Set());
  // Only worksheets still in the list count as selected.
  const selected = new Set([...chosen].filter((id) => worksheets?.some((w) => w.id === id)));
  const deleting = deleteManyMutation.isPending;
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortOrder>(storedSort);

  function chooseSort(value: string) {
    if (!isSortOrder(value)) return;
    setSort(value);
    localStorage.setItem(SORT_KEY, value);
  }

  function toggle(id: string) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  async function deleteOne(w: WorksheetSummary) {
    if (!window.confirm('Are you sure you want to delete this worksheet? This cannot be undone.')) return;
    setNotice(null);
    try {
      await deleteOneMutation.mutateAsync(w.id);
      setNotice({ tone: 'success', text: 'Worksheet deleted.' });
    } catch (err) {
      setNotice({ tone: 'error', text: `Could not delete worksheet: ${errorReason(err)}` });
    }
  }

  async function duplicateOne(w: WorksheetSummary) {
    setNotice(null);
    try {
      const copy = await duplicateMutation.mutateAsync(w.id);
      setNotice({ tone: 'success', text: `Duplicated as “${copy.title}”.` });
    } catch (err) {
      setNotice({ tone: 'error', text: `Could not duplicate worksheet: ${errorReason(err)}` });
    }
  }

  async function renameOne(w: WorksheetSummary, title: string) {
    await renameMutation.mutateAsync({ id: w.id, title });
    setNotice({ tone: 'success', text: `Renamed to “${title}”.` });
  }

  async function deleteSelected() {
    const ids = [...selected];
    if (ids.length === 0) return;
    if (!window.confirm(`Are you sure you want to delete ${ids.length} selected worksheets? This cannot be undone.`)) return;
    setNotice(null);
    const { succeeded, failed } = await deleteManyMutation.mutateAsync(ids);
    const message = bulkDeleteMessage(succeeded, failed);
    setNotice(message ? { tone: 'error', text: message } : { tone: 'success', text: `${ids.length} worksheets deleted.` });
    setSelected(new Set());
  }

  if (worksheets === null) return <Spinner label="Loading your worksheets…" />;

  const shown = visibleWorksheets(worksheets, search, sort);
  const items = shown.map((w) => (
    <WorksheetRow
      key={w.id}
      layout={wide ? 'row' : 'card'}
      worksheet={w}
      selected={selected.has(w.id)}
      onToggle={() => toggle(w.id)}
      onDelete={() => deleteOne(w)}
      onDuplicate={() => duplicateOne(w)}
      onRename={(title) => renameOne(w, title)}
    />
  ));

  return (
    <div className="flex flex-col gap-4">
      {loadError && (
        <div className="flex flex-col gap-2 items-start" data-testid="list-error">
          <Alert tone="error">{loadError}</Alert>
          <button type="button" className="btn btn-sm" disabled={query.isFetching} onClick={() => void query.refetch()}>
            {query.isFetching ? 'Retrying…' : 'Retry'}
          </button>
        </div>
      )}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {worksheets.length > 0 && (
        <div className="flex flex-wrap items-end gap-3" role="search" aria-label="Worksheets">
          <div className="flex flex-col gap-1 flex-1 min-w-44">
            <label htmlFor={searchId} className="text-sm font-medium">Search by title</label>
            <input id={searchId} type="search" className="input input-bordered w-full" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={sortId} className="text-sm font-medium">Sort by</label>
            <select id={sortId} className="select select-bordered" value={sort} onChange={(e) => chooseSort(e.target.value)}>
              {SORT_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
            </select>
          </div>
          <p className="text-sm w-full" role="status" data-testid="results-summary">
            {resultsSummary(shown.length, worksheets.length)}
            {loadingMore && ' (loading more…)'}
          </p>
        </div>
      )}
      {selected.size > 0 && (
        <div className="flex flex-wrap items-center gap-4 bg-base-200 rounded-box px-4 py-2" data-testid="selection-bar">
          <span>{selected.size} selected</span>
          <button type="button" className="btn btn-sm btn-error" disabled={deleting} onClick={deleteSelected}>
            {deleting ? 'Deleting…' : 'Delete Selected'}
          </button>
        </div>
      )}
      {worksheets.length === 0 && !loadError ? (
        <div className="card bg-base-200" data-testid="empty-state">
          <div className="card-body items-center text-center">
            <p className="text-lg">You have no saved worksheets yet.</p>
            <p>
              Click <Link className="link link-primary" to={paths.generator}>New Worksheet</Link> to create your first one.
            </p>
          </div>
        </div>
      ) : shown.length === 0 && worksheets.length > 0 ? (
        <p data-testid="no-match">No worksheet title matches “{search.trim()}”.</p>
      ) : shown.length > 0 && wide ? (
        <table className="table">
          <caption className="sr-only">My worksheets</caption>
          <thead>
            <tr>
              <th><span className="sr-only">Select</span></th>
              <th><span className="sr-only">Preview</span></th>
              <th>Title</th>
              <th>Created</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>{items}</tbody>
        </table>
      ) : shown.length > 0 ? (
        <ul className="flex flex-col gap-3" aria-label="My worksheets">{items}</ul>
      ) : null}
    </div>
  );
}
