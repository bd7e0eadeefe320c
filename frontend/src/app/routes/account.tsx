import { useDocumentTitle } from '@/hooks/use-document-title';
import { AccountSettings } from '@/features/account/components/account-settings';

export default function AccountRoute() {
  useDocumentTitle('Account Settings');
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Account Settings</h1>
      <AccountSettings />
    </section>
  );
}
