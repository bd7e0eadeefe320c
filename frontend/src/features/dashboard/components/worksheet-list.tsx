import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorReason } from '@/lib/errors';
import { bulkDeleteMessage, deleteWorksheet, fetchWorksheets, type WorksheetSummary } from '../api/worksheets';
import { WorksheetRow } from './worksheet-row';

export function WorksheetList() {
  const location = useLocation();
  const [worksheets, setWorksheets] = useState<WorksheetSummary[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deleting, setDeleting] = useState(false);

  const load = useCallback(async () => {
    try {
      const list = await fetchWorksheets();
      setWorksheets(list);
      setLoadError(null);
      setSelected((prev) => new Set([...prev].filter((id) => list.some((w) => w.id === id))));
    } catch (err) {
      setLoadError(`Could not fetch your saved worksheets. ${errorReason(err)}`);
      setWorksheets((prev) => prev ?? []);
    }
  }, []);

  // Reload whenever we are navigated to (e.g. back from the generator asking for a refresh).
  useEffect(() => {
    void load();
  }, [load, location.key]);

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
    await load();
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
    await load();
  }

  if (worksheets === null) return <Spinner label="Loading your worksheets…" />;

  return (
    <div className="flex flex-col gap-4">
      {loadError && <Alert tone="error">{loadError}</Alert>}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {selected.size > 0 && (
        <div className="flex items-center gap-4 bg-base-200 rounded-box px-4 py-2" data-testid="selection-bar">
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
      ) : worksheets.length > 0 ? (
        <table className="table">
          <thead>
            <tr>
              <th><span className="sr-only">Select</span></th>
              <th>Title</th>
              <th>Created</th>
              <th>Answer Key</th>
              <th><span className="sr-only">Delete</span></th>
            </tr>
          </thead>
          <tbody>
            {worksheets.map((w) => (
              <WorksheetRow
                key={w.id}
                worksheet={w}
                selected={selected.has(w.id)}
                onToggle={() => toggle(w.id)}
                onDelete={() => deleteOne(w)}
                onAnswerKeyGenerated={() => setWorksheets((list) => list?.map((x) => (x.id === w.id ? { ...x, has_answer_key: true } : x)) ?? null)}
              />
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
