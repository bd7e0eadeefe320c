import { useDocumentTitle } from '@/hooks/use-document-title';
import { TemplatePicker } from '@/features/templates/components/template-picker';

export default function TemplatesRoute() {
  useDocumentTitle('Templates');
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Templates</h1>
      <p className="text-base-content/80">Choose a template to shape the layout of your next worksheet.</p>
      <TemplatePicker />
    </section>
  );
}
