import type { InputHTMLAttributes } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; hint?: string | null };

/** A labelled input. A hint, when given, shows under it and is read as its description (outside the label, so the name stays the label). */
export function TextField({ label, name, hint, ...input }: Props) {
  const hintId = `${name}-hint`;
  return (
    <div className="form-control w-full flex flex-col gap-1">
      <label className="flex flex-col gap-1">
        <span className="label-text text-sm font-medium">{label}</span>
        <input id={name} name={name} className="input input-bordered w-full" aria-describedby={hint ? hintId : undefined} {...input} />
      </label>
      {hint && <span id={hintId} className="text-xs text-base-content/70">{hint}</span>}
    </div>
  );
}
