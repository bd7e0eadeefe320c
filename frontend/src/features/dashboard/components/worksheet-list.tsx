import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMediaQuery, WIDE_SCREEN } from '@/hooks/use-media-query';
import { errorReason } from '@/lib/errors';
import { invalidateWorksheets, queryClient, queryKeys } from '@/lib/query-client';
import { isSortOrder, resultsSummary, SORT_OPTIONS, visibleWorksheets, type SortOrder } from '../api/list-view';
import { forgetThumbnails } from '../api/thumbnails';
import {
  bulkDeleteMessage,
  deleteWorksheet,
  duplicateWorksheet,
  fetchWorksheets,
  renameWorksheet,
  type WorksheetSummary,
} from '../api/worksheets';
import { WorksheetRow } from './worksheet-row';

const SORT_KEY = 'dashboardSort';

function storedSort(): SortOrder {
  const value = localStorage.getItem(SORT_KEY) ?? '';
  return isSortOrder(value) ? value : 'newest';
}

/** Changes one worksheet in the cached list (the list is fetched again afterwards). */
function patchCached(id: string, patch: Partial<WorksheetSummary>) {
  queryClient.setQueryData<WorksheetSummary[]>(queryKeys.worksheets, (list) => list?.map((w) => (w.id === id ? { ...w, ...patch } : w)));
}

export function WorksheetList() {
  const wide = useMediaQuery(WIDE_SCREEN);
  const searchId = useId();
  const sortId = useId();
  // Each visit starts with fresh first-page pictures (a sheet edited in the generator looks
  // different now); the initializer runs before the rows ask for theirs.
  useState(forgetThumbnails);
  // Fetched on every visit (the generator's Dashboard button asks for a fresh list); the
  // cached list shows meanwhile.
  const query = useQuery({
    queryKey: queryKeys.worksheets,
    queryFn: fetchWorksheets,
    refetchOnMount: 'always',
  });
  const worksheets = query.data ?? (query.isError ? [] : null);
  const loadError = query.isError ? `Could not fetch your saved worksheets. ${errorReason(query.error)}` : null;
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [chosen, setSelected] = useState<Set<string>>(new Set());
  // Only worksheets still in the list count as selected.
  const selected = new Set([...chosen].filter((id) => worksheets?.some((w) => w.id === id)));
  const [deleting, setDeleting] = useState(false);
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
      await deleteWorksheet(w.id);
      setNotice({ tone: 'success', text: 'Worksheet deleted.' });
    } catch (err) {
      setNotice({ tone: 'error', text: `Could not delete worksheet: ${errorReason(err)}` });
    }
    await invalidateWorksheets();
  }

  async function duplicateOne(w: WorksheetSummary) {
    setNotice(null);
    try {
      const copy = await duplicateWorksheet(w.id);
      setNotice({ tone: 'success', text: `Duplicated as “${copy.title}”.` });
    } catch (err) {
      setNotice({ tone: 'error', text: `Could not duplicate worksheet: ${errorReason(err)}` });
    }
    await invalidateWorksheets();
  }

  async function renameOne(w: WorksheetSummary, title: string) {
    await renameWorksheet(w.id, title);
    patchCached(w.id, { document_title: title });
    void invalidateWorksheets();
    setNotice({ tone: 'success', text: `Renamed to “${title}”.` });
  }

  async function deleteSelected() {
    const ids = [...selected];
    if (ids.length === 0) return;
    if (!window.confirm(`Are you sure you want to delete ${ids.length} selected worksheets? This cannot be undone.`)) return;
    setNotice(null);
    setDeleting(true);
    // One delete call per selected worksheet.
    const results = await Promise.allSettled(ids.map((id) => deleteWorksheet(id)));
    const failed = results.filter((r) => r.status === 'rejected').length;
    const message = bulkDeleteMessage(ids.length - failed, failed);
    setNotice(message ? { tone: 'error', text: message } : { tone: 'success', text: `${ids.length} worksheets deleted.` });
    setDeleting(false);
    setSelected(new Set());
    await invalidateWorksheets();
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
      onAnswerKeyGenerated={() => {
        patchCached(w.id, { has_answer_key: true });
        void invalidateWorksheets();
      }}
    />
  ));

  return (
    <div className="flex flex-col gap-4">
      {loadError && <Alert tone="error">{loadError}</Alert>}
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
          <p className="text-sm w-full" role="status" data-testid="results-summary">{resultsSummary(shown.length, worksheets.length)}</p>
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
