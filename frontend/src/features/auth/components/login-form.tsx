import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { pocketbaseErrorMessage } from '@/lib/errors';
import { FALLBACKS, validateSignIn } from '../utils/validation';

type Props = { message?: string; returnTo?: string };

export function LoginForm({ message, returnTo }: Props) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const invalid = validateSignIn(email, password);
    if (invalid) return setError(invalid);
    setError(null);
    setBusy(true);
    try {
      await signIn(email.trim(), password);
      navigate(returnTo || paths.dashboard, { replace: true });
    } catch (err) {
      setError(pocketbaseErrorMessage(err, FALLBACKS.signIn));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-3" aria-label="Log in">
      {message && <Alert tone="info">{message}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      <TextField label="Email" name="email" type="email" autoComplete="email" autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Logging in…' : 'Log In'}</button>
      <div className="flex justify-between text-sm">
        <Link className="link" to={paths.forgotPassword}>Forgot password</Link>
        <span>
          No account? <Link className="link" to={paths.signup}>Sign Up</Link>
        </span>
      </div>
    </form>
  );
}
