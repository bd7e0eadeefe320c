import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { pocketbaseErrorMessage } from '@/lib/errors';
import { usePasswordRule } from '@/lib/public-config';
import { FALLBACKS, passwordHint, validateResetPassword } from '../utils/validation';

export const RESET_REDIRECT_MS = 3000;
export const RESET_DONE_LOGIN_MESSAGE = 'Your password has been reset. Please log in with your new password.';

export function ResetPasswordForm({ token }: { token: string }) {
  const { confirmPasswordReset } = useAuth();
  const navigate = useNavigate();
  const rule = usePasswordRule();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(
      () => navigate(paths.login, { replace: true, state: { message: RESET_DONE_LOGIN_MESSAGE } }),
      RESET_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const invalid = validateResetPassword(password, confirmPassword, rule);
    if (invalid) return setError(invalid);
    setError(null);
    setBusy(true);
    try {
      await confirmPasswordReset(token, password, confirmPassword);
      setDone(true);
    } catch (err) {
      setError(pocketbaseErrorMessage(err, FALLBACKS.reset, rule));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return <Alert tone="success">Your password has been updated successfully. Redirecting you to login…</Alert>;
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-3 max-w-md" aria-label="Reset password">
      {error && <Alert tone="error">{error}</Alert>}
      <TextField label="New Password" name="password" type="password" autoComplete="new-password" hint={passwordHint(rule)} minLength={rule.minLength} value={password} onChange={(e) => setPassword(e.target.value)} />
      <TextField label="Confirm New Password" name="confirmPassword" type="password" autoComplete="new-password" minLength={rule.minLength} value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Updating…' : 'Update Password'}</button>
    </form>
  );
}
