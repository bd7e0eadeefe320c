import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorReason } from '@/lib/errors';
import { formatUsDate } from '@/utils/format-date';
import type { WorksheetSummary } from '../api/worksheets';
import { worksheetTitle } from '../utils/list-view';
import { AnswerKeyButton } from './answer-key-button';
import { DownloadMenu } from './download-menu';
import { Thumbnail } from './thumbnail';

type Props = {
  worksheet: WorksheetSummary;
  layout: 'row' | 'card';
  selected: boolean;
  onToggle: () => void;
  onDelete: () => void;
  onDuplicate: () => Promise<void>;
  onRename: (title: string) => Promise<void>;
};

/** A click on the row or card opens the worksheet, unless it was on one of its controls. */
function openUnlessControl(e: MouseEvent, open: () => void) {
  if ((e.target as HTMLElement).closest('a, button, input, label, form, select, textarea')) return;
  open();
}

/** One worksheet on the dashboard: a table row on wide screens, a card on phones. */
export function WorksheetRow({ worksheet, layout, selected, onToggle, onDelete, onDuplicate, onRename }: Props) {
  const navigate = useNavigate();
  const title = worksheetTitle(worksheet);
  const open = () => navigate(paths.viewWorksheet(worksheet.id));
  const [renaming, setRenaming] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasRenaming = useRef(false);

  // Back from renaming: focus returns to the Rename button.
  useEffect(() => {
    if (wasRenaming.current && !renaming) renameButton.current?.focus();
    wasRenaming.current = renaming;
  }, [renaming]);

  async function duplicate() {
    setDuplicating(true);
    try {
      await onDuplicate();
    } finally {
      setDuplicating(false);
    }
  }

  const checkbox = (
    <input type="checkbox" className="checkbox checkbox-sm" aria-label={`Select ${title}`} checked={selected} onChange={onToggle} />
  );
  const titleCell = renaming ? (
    <RenameForm title={title} onCancel={() => setRenaming(false)} onSave={async (t) => {
      await onRename(t);
      setRenaming(false);
    }} />
  ) : (
    <Link to={paths.viewWorksheet(worksheet.id)} className="link link-hover font-medium break-words">{title}</Link>
  );
  const actions = (
    <div className="flex flex-wrap items-center gap-2">
      <AnswerKeyButton worksheetId={worksheet.id} hasAnswerKey={!!worksheet.has_answer_key} />
      <DownloadMenu worksheetId={worksheet.id} title={title} hasAnswerKey={!!worksheet.has_answer_key} />
      <button ref={renameButton} type="button" className="btn btn-sm btn-ghost" aria-label={`Rename ${title}`} disabled={renaming} onClick={() => setRenaming(true)}>
        Rename
      </button>
      <button type="button" className="btn btn-sm btn-ghost" aria-label={`Duplicate ${title}`} disabled={duplicating} onClick={duplicate}>
        {duplicating ? 'Duplicating…' : 'Duplicate'}
      </button>
      <button type="button" className="btn btn-sm btn-ghost text-error" aria-label={`Delete ${title}`} onClick={onDelete}>
        Delete
      </button>
    </div>
  );

  if (layout === 'card') {
    return (
      <li className="card bg-base-100 border border-base-300 cursor-pointer" data-testid="worksheet-row" onClick={(e) => openUnlessControl(e, open)}>
        <div className="card-body p-4 gap-3">
          <div className="flex items-start gap-3">
            <div className="pt-1">{checkbox}</div>
            <Thumbnail worksheetId={worksheet.id} picture={worksheet.picture} className="w-16" />
            <div className="flex flex-col gap-1 min-w-0 flex-1">
              {titleCell}
              <span className="text-sm">Created {formatUsDate(worksheet.created_at)}</span>
            </div>
          </div>
          {actions}
        </div>
      </li>
    );
  }
  return (
    <tr className="hover:bg-base-200 cursor-pointer" data-testid="worksheet-row" onClick={(e) => openUnlessControl(e, open)}>
      <td>{checkbox}</td>
      <td className="w-16"><Thumbnail worksheetId={worksheet.id} picture={worksheet.picture} className="w-14" /></td>
      <td className="min-w-48">{titleCell}</td>
      <td className="whitespace-nowrap">{formatUsDate(worksheet.created_at)}</td>
      <td>{actions}</td>
    </tr>
  );
}

function RenameForm({ title, onSave, onCancel }: { title: string; onSave: (title: string) => Promise<void>; onCancel: () => void }) {
  const [value, setValue] = useState(title);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const blank = value.trim() === '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (blank) return setError('Please enter a title.');
    if (value.trim() === title) return onCancel();
    setBusy(true);
    setError(null);
    try {
      await onSave(value.trim());
    } catch (err) {
      setError(`Could not rename worksheet: ${errorReason(err)}`);
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-col gap-1" onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), onCancel())}>
      <div className="flex flex-wrap gap-2">
        <input
          className="input input-bordered input-sm flex-1 min-w-32"
          aria-label={`New title for ${title}`}
          maxLength={200}
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>Save</button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={onCancel}>Cancel</button>
      </div>
      {error && <span role="alert" className="text-sm text-error">{error}</span>}
    </form>
  );
}
