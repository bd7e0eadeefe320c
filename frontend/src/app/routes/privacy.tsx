import { Link } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { paths } from '@/config/paths';

export default function PrivacyRoute() {
  return (
    <PublicLayout title="Privacy Policy">
      <p>We collect only what we need to run Sheetsmith: your e-mail address, your password (stored hashed), the worksheets you save and your subscription status.</p>
      <p>The descriptions you write are sent to the AI service that writes your worksheets. Payments are handled by our card payment provider; we never see your card number.</p>
      <p>We do not sell your data. You can ask us to delete your account and worksheets at any time through the <Link className="link" to={paths.contact}>contact page</Link>.</p>
      <p>Sheetsmith is not directed at children under 13.</p>
    </PublicLayout>
  );
}
