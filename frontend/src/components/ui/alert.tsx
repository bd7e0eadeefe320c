import type { ReactNode } from 'react';

const tones = {
  error: 'alert-error',
  success: 'alert-success',
  info: 'alert-info',
  warning: 'alert-warning',
} as const;

export function Alert({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`alert ${tones[tone]} alert-soft`}>
      <span>{children}</span>
    </div>
  );
}
