import type { FormEvent, KeyboardEvent } from 'react';
import { promptKeyAction } from '../api/prompt-keys';

/** The request box: Enter sends, Shift+Enter inserts a newline; Generate is disabled while it is blank. */
export function PromptBox({
  value,
  onChange,
  onSend,
  canSend,
  disabled,
  busy,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  canSend: boolean;
  disabled?: boolean;
  busy?: boolean;
}) {
  function handleKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (promptKeyAction(e) !== 'send') return;
    e.preventDefault();
    if (canSend) onSend();
  }
  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (canSend) onSend();
  }
  return (
    <form className="flex flex-col gap-2" onSubmit={handleSubmit}>
      <textarea
        name="prompt"
        aria-label="Describe your worksheet"
        className="textarea textarea-bordered w-full min-h-24"
        placeholder="e.g. 12 two-digit addition problems for grade 2"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={handleKeyDown}
      />
      <button type="submit" className="btn btn-primary" disabled={!canSend}>
        {busy && <span className="loading loading-spinner loading-sm" />}
        Generate Worksheet
      </button>
    </form>
  );
}
