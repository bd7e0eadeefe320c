import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { ApiError } from '@/lib/api-client';
import { errorReason } from '@/lib/errors';
import { useGenerateAnswerKey } from '../api/worksheets';
import { ANSWER_KEY_MISSING_INPUT, answerKeyErrorMessage } from '../utils/messages';

type Props = { worksheetId: string; hasAnswerKey: boolean; onGenerated?: () => void };

export const ANSWER_KEY_READY = 'Answer key ready.';

/**
 * View Answer Key when the key exists, else Generate Answer Key (with its generating and error
 * states). All of them are one and the same button, so a keyboard user who started the key keeps
 * focus on it while it is made and lands on View Answer Key; a polite status, present from the
 * start, says when the key is ready.
 */
export function AnswerKeyButton({ worksheetId, hasAnswerKey, onGenerated }: Props) {
  const { session } = useAuth();
  const navigate = useNavigate();
  const key = useGenerateAnswerKey();
  const button = useRef<HTMLButtonElement>(null);
  const [missingInput, setMissingInput] = useState(false);
  const ready = hasAnswerKey || key.isSuccess;
  const generating = key.isPending;

  // A re-render between states may still drop focus (e.g. the list re-sorting); the key made
  // here takes it back if it was on this button.
  const hadFocus = useRef(false);
  useEffect(() => {
    if (key.isSuccess && hadFocus.current && document.activeElement !== button.current) button.current?.focus();
  }, [key.isSuccess]);

  let error: string | null = missingInput ? ANSWER_KEY_MISSING_INPUT : null;
  if (key.error) {
    const details = key.error instanceof ApiError && typeof key.error.body?.details === 'string' ? key.error.body.details : undefined;
    error = answerKeyErrorMessage(errorReason(key.error), details);
  }

  function activate() {
    if (ready) return navigate(paths.viewAnswerKey(worksheetId));
    if (generating) return;
    hadFocus.current = document.activeElement === button.current;
    setMissingInput(!worksheetId || !session);
    if (!worksheetId || !session) return;
    key.mutate(worksheetId, { onSuccess: () => onGenerated?.() });
  }

  const label = ready ? 'View Answer Key' : generating ? 'Generating Answer Key…' : error ? 'Retry Generation' : 'Generate Answer Key';
  const tone = ready ? 'btn-outline' : generating ? '' : error ? 'btn-warning' : 'btn-primary';
  return (
    <div className="flex flex-col gap-1 items-start max-w-xs">
      {error && !generating ? <span role="alert" className="text-error text-sm">{error}</span> : null}
      <button
        ref={button}
        type="button"
        className={`btn btn-sm ${tone} ${generating ? 'cursor-wait' : ''}`}
        aria-disabled={generating || undefined}
        onClick={activate}
      >
        {generating && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {label}
      </button>
      <span role="status" className="sr-only">{key.isSuccess ? ANSWER_KEY_READY : ''}</span>
    </div>
  );
}
