import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AppFooter } from './app-footer';

/** Static pages (legal, contact, reset password). */
export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="min-h-screen flex flex-col">
      <header className="navbar bg-base-200 px-4">
        <Link to={paths.home} className="text-xl font-bold">Sheetsmith</Link>
      </header>
      <main className="flex-1 w-full max-w-3xl mx-auto p-6 flex flex-col gap-4">
        <h1 className="text-3xl font-bold">{title}</h1>
        {children}
      </main>
      <AppFooter />
    </div>
  );
}
