import { useLocation } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { PageHeaderLayout } from '@/components/layouts/page-header-layout';
import { GeneratorScreen } from '@/features/generator/components/generator-screen';
import { SubscriptionGate } from '@/features/generator/components/subscription-gate';

// The generator in its layout with the Dashboard back button (which asks the list to refresh).
export default function GeneratorRoute() {
  const location = useLocation();
  useDocumentTitle('New Worksheet');
  return (
    <PageHeaderLayout title="New Worksheet">
      <SubscriptionGate>
        {/* New navigation state (a worksheet to load, or starting over) gives a fresh screen. */}
        <GeneratorScreen key={location.key} />
      </SubscriptionGate>
    </PageHeaderLayout>
  );
}
