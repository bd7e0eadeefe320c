import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AppFooter } from './app-footer';

/** Full-width page with a Dashboard back button (generator, viewers). */
export function PageHeaderLayout({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <div className="min-h-screen flex flex-col">
      <header className="navbar bg-base-200 gap-4 px-4">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => navigate(paths.dashboard, { state: { refresh: true } })}>
          ← Dashboard
        </button>
        <h1 className="flex-1 text-lg font-semibold truncate">{title}</h1>
        {actions}
      </header>
      <main className="flex-1 flex flex-col p-4">{children}</main>
      <AppFooter />
    </div>
  );
}
