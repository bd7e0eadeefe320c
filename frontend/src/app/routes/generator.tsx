import { PageHeaderLayout } from '@/components/layouts/page-header-layout';

// The generator screen itself lives in src/features/generator (a later issue); this route only
// provides its layout with the Dashboard back button.
export default function GeneratorRoute() {
  return (
    <PageHeaderLayout title="New Worksheet">
      <p className="text-base-content/70">The worksheet generator is not available yet.</p>
    </PageHeaderLayout>
  );
}
