import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { formatUsDate } from '@/utils/format-date';
import { UNTITLED, type WorksheetSummary } from '../api/worksheets';
import { AnswerKeyButton } from './answer-key-button';

type Props = {
  worksheet: WorksheetSummary;
  selected: boolean;
  onToggle: () => void;
  onDelete: () => void;
  onAnswerKeyGenerated: () => void;
};

const stop = (e: MouseEvent) => e.stopPropagation();

export function WorksheetRow({ worksheet, selected, onToggle, onDelete, onAnswerKeyGenerated }: Props) {
  const navigate = useNavigate();
  const title = worksheet.document_title?.trim() || UNTITLED;
  return (
    <tr className="hover:bg-base-200 cursor-pointer" data-testid="worksheet-row" onClick={() => navigate(paths.viewWorksheet(worksheet.id))}>
      <td onClick={stop}>
        <input type="checkbox" className="checkbox checkbox-sm" aria-label={`Select ${title}`} checked={selected} onChange={onToggle} />
      </td>
      <td className="font-medium">{title}</td>
      <td>{formatUsDate(worksheet.created_at)}</td>
      <td onClick={stop}>
        <AnswerKeyButton worksheetId={worksheet.id} hasAnswerKey={!!worksheet.has_answer_key} onGenerated={onAnswerKeyGenerated} />
      </td>
      <td onClick={stop}>
        <button type="button" className="btn btn-sm btn-ghost text-error" aria-label={`Delete ${title}`} onClick={onDelete}>
          Delete
        </button>
      </td>
    </tr>
  );
}
