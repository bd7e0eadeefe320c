import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { pocketbaseErrorMessage } from '@/lib/errors';
import { FALLBACKS, validateForgotPassword } from '../utils/validation';

export function ForgotPasswordForm() {
  const { requestPasswordReset } = useAuth();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const invalid = validateForgotPassword(email);
    if (invalid) return setError(invalid);
    setError(null);
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (err) {
      setError(pocketbaseErrorMessage(err, FALLBACKS.forgot));
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="flex flex-col gap-3">
        <Alert tone="success">
          If an account exists for {email.trim()}, we have sent a link to reset your password. Please check your email.
        </Alert>
        <Link className="link self-start" to={paths.login}>Back to Login</Link>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-3" aria-label="Forgot password">
      <p className="text-sm">Enter your email address and we will send you a link to reset your password.</p>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField label="Email" name="email" type="email" autoComplete="email" autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Sending…' : 'Send Reset Link'}</button>
      <Link className="link self-start text-sm" to={paths.login}>Back to Login</Link>
    </form>
  );
}
