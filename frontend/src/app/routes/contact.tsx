import { PublicLayout } from '@/components/layouts/public-layout';

export default function ContactRoute() {
  return (
    <PublicLayout title="Contact">
      <p>Questions, problems or feedback? Write to us at <a className="link" href="mailto:support@sheetsmith.app">support@sheetsmith.app</a>.</p>
      <p>We answer within 24-48 hours.</p>
    </PublicLayout>
  );
}
