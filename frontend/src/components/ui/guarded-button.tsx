import { useId, type ButtonHTMLAttributes, type ReactNode } from 'react';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> & {
  /** Why the button cannot work yet; null when it can. */
  blockedReason: string | null;
  onClick: () => void;
  /** Called instead of onClick while blocked (to show the reason as a message). */
  onBlocked?: (reason: string) => void;
  children: ReactNode;
};

/**
 * A button that is disabled until it can work, with the reason as its tooltip and description.
 * It stays focusable (aria-disabled rather than disabled) so keyboard and screen-reader users
 * can reach it and hear why.
 */
export function GuardedButton({ blockedReason, onClick, onBlocked, className = '', children, ...rest }: Props) {
  const reasonId = useId();
  const blocked = blockedReason !== null;
  return (
    <>
      <button
        type="button"
        {...rest}
        className={`${className} ${blocked ? 'opacity-60 cursor-not-allowed' : ''}`}
        aria-disabled={blocked || undefined}
        aria-describedby={blocked ? reasonId : undefined}
        title={blockedReason ?? undefined}
        onClick={() => (blocked ? onBlocked?.(blockedReason) : onClick())}
      >
        {children}
      </button>
      {blocked && <span id={reasonId} className="sr-only">{blockedReason}</span>}
    </>
  );
}
