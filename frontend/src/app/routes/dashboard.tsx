import { useDocumentTitle } from '@/hooks/use-document-title';
import { WorksheetList } from '@/features/dashboard/components/worksheet-list';

export default function DashboardRoute() {
  useDocumentTitle('My Worksheets');
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">My Worksheets</h1>
      <WorksheetList />
    </section>
  );
}
