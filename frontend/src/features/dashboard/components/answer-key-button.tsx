import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { ApiError } from '@/lib/api-client';
import { errorReason } from '@/lib/errors';
import { ANSWER_KEY_MISSING_INPUT, answerKeyErrorMessage, generateAnswerKey } from '../api/worksheets';

type Props = { worksheetId: string; hasAnswerKey: boolean; onGenerated: () => void };

/** View Answer Key when the key exists, else Generate Answer Key (with its generating and error states). */
export function AnswerKeyButton({ worksheetId, hasAnswerKey, onGenerated }: Props) {
  const { session } = useAuth();
  const navigate = useNavigate();
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function generate() {
    if (!worksheetId || !session) {
      setError(ANSWER_KEY_MISSING_INPUT);
      return;
    }
    setError(null);
    setGenerating(true);
    try {
      await generateAnswerKey(worksheetId);
      onGenerated();
    } catch (err) {
      const details = err instanceof ApiError && typeof err.body?.details === 'string' ? err.body.details : undefined;
      setError(answerKeyErrorMessage(errorReason(err), details));
    } finally {
      setGenerating(false);
    }
  }

  if (hasAnswerKey) {
    return (
      <button type="button" className="btn btn-sm btn-outline" onClick={() => navigate(paths.viewAnswerKey(worksheetId))}>
        View Answer Key
      </button>
    );
  }
  if (generating) {
    return (
      <button type="button" className="btn btn-sm" disabled>
        <span className="loading loading-spinner loading-xs" /> Generating Answer Key…
      </button>
    );
  }
  if (error) {
    return (
      <div className="flex flex-col gap-1 items-start max-w-xs">
        <span role="alert" className="text-error text-sm">{error}</span>
        <button type="button" className="btn btn-sm btn-warning" onClick={generate}>Retry Generation</button>
      </div>
    );
  }
  return (
    <button type="button" className="btn btn-sm btn-primary" onClick={generate}>Generate Answer Key</button>
  );
}
