import type { InputHTMLAttributes } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; name: string };

export function TextField({ label, name, ...input }: Props) {
  return (
    <label className="form-control w-full flex flex-col gap-1">
      <span className="label-text text-sm font-medium">{label}</span>
      <input id={name} name={name} className="input input-bordered w-full" {...input} />
    </label>
  );
}
