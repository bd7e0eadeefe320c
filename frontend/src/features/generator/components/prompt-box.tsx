import { forwardRef, useImperativeHandle, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { promptKeyAction } from '../model/prompt-keys';

/** The request box: Enter sends, Shift+Enter inserts a newline; Generate is disabled while it is blank. */
export const PromptBox = forwardRef<
  HTMLTextAreaElement,
  {
    value: string;
    onChange: (value: string) => void;
    onSend: () => void;
    canSend: boolean;
    disabled?: boolean;
    /** The element that says why the box is disabled. */
    disabledReasonId?: string;
    busy?: boolean;
  }
>(function PromptBox({ value, onChange, onSend, canSend, disabled, disabledReasonId, busy }, ref) {
  function handleKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (promptKeyAction(e) !== 'send') return;
    e.preventDefault();
    if (canSend) onSend();
  }
  const box = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => box.current!, []);
  // Sent with the button: Generate is disabled while it runs, so focus goes back to the box
  // (where the next request is typed) rather than falling to the page.
  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (!canSend) return;
    onSend();
    box.current?.focus();
  }
  return (
    <form className="flex flex-col gap-2" onSubmit={handleSubmit}>
      <textarea
        ref={box}
        name="prompt"
        aria-label="Describe your worksheet"
        aria-describedby={disabledReasonId ? `${disabledReasonId} prompt-keys-hint` : 'prompt-keys-hint'}
        className="textarea textarea-bordered w-full min-h-24"
        placeholder="e.g. 12 two-digit addition problems for grade 2"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={handleKeyDown}
      />
      <p id="prompt-keys-hint" className="text-xs">Enter sends, Shift+Enter starts a new line.</p>
      <button type="submit" className="btn btn-primary" disabled={!canSend} aria-describedby={disabledReasonId}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Generate Worksheet
      </button>
    </form>
  );
});

/** Example requests: choosing one fills the prompt box. */
export function ExampleChips({ examples, onPick, disabled }: { examples: readonly string[]; onPick: (text: string) => void; disabled?: boolean }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm font-medium" id="examples-label">Try an example</p>
      <ul className="flex flex-wrap gap-2" aria-labelledby="examples-label">
        {examples.map((text) => (
          <li key={text}>
            <button type="button" className="btn btn-outline btn-xs h-auto min-h-6 py-1 whitespace-normal text-left font-normal" disabled={disabled} onClick={() => onPick(text)}>
              {text}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
