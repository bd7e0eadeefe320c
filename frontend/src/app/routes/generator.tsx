import { useState } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { PageHeaderLayout } from '@/components/layouts/page-header-layout';
import { GeneratorScreen, type SaveState } from '@/features/generator/components/generator-screen';
import { SubscriptionGate } from '@/features/generator/components/subscription-gate';
import { savedLabel } from '@/utils/format-date';

// The generator in its layout with the Dashboard back button (which asks the list to refresh).
// The header says whether the worksheet is saved, and when it was last saved.
export default function GeneratorRoute() {
  const location = useLocation();
  const [saveState, setSaveState] = useState<SaveState>({ saved: false, at: null });
  useDocumentTitle('New Worksheet');
  const status = (
    <span role="status" data-testid="save-state" className={saveState.saved ? 'badge badge-success' : 'sr-only'}>
      {saveState.saved ? (saveState.at ? savedLabel(saveState.at) : 'Saved') : ''}
    </span>
  );
  return (
    <PageHeaderLayout title="New Worksheet" status={status}>
      <SubscriptionGate>
        {/* New navigation state (a worksheet to load, or starting over) gives a fresh screen. */}
        <GeneratorScreen key={location.key} onSaveState={setSaveState} />
      </SubscriptionGate>
    </PageHeaderLayout>
  );
}
