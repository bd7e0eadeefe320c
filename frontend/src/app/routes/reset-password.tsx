import { Link, useParams } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export default function ResetPasswordRoute() {
  const { token } = useParams();
  return (
    <PublicLayout title="Reset Password">
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="flex flex-col gap-3 items-start">
          <Alert tone="error">This password reset link is invalid or incomplete. Please request a new one.</Alert>
          <Link className="btn btn-outline" to={paths.forgotPassword}>Forgot password</Link>
        </div>
      )}
    </PublicLayout>
  );
}
