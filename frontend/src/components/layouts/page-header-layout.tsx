import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AppFooter } from './app-footer';

/** Full-width page with a Dashboard back button (generator, viewers). */
export function PageHeaderLayout({ title, status, actions, children }: { title: ReactNode; status?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <div className="min-h-screen flex flex-col">
      <header className="bg-base-200 flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 min-h-16">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => navigate(paths.dashboard, { state: { refresh: true } })}>
          ← Dashboard
        </button>
        <h1 className="flex-1 min-w-40 text-lg font-semibold break-words">{title}</h1>
        {status}
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </header>
      <main className="flex-1 flex flex-col p-4 min-w-0">{children}</main>
      <AppFooter />
    </div>
  );
}
