import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { pocketbaseErrorMessage } from '@/lib/errors';
import { usePasswordRule } from '@/lib/public-config';
import { FALLBACKS, MESSAGES, passwordHint, validateSignUp } from '../utils/validation';

export function SignupForm() {
  const { signUp } = useAuth();
  const navigate = useNavigate();
  const rule = usePasswordRule();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const invalid = validateSignUp({ email, password, confirmPassword, acceptedTerms }, rule);
    if (invalid) return setError(invalid);
    setError(null);
    setBusy(true);
    try {
      const { user, session } = await signUp(email.trim(), password, confirmPassword);
      if (user && session) {
        navigate(paths.dashboard, { replace: true, state: { refresh: true } });
      } else {
        navigate(paths.login, { replace: true, state: { message: MESSAGES.signUpConfirmEmail } });
      }
    } catch (err) {
      setError(pocketbaseErrorMessage(err, FALLBACKS.signUp, rule));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-3" aria-label="Sign up">
      {error && <Alert tone="error">{error}</Alert>}
      <TextField label="Email" name="email" type="email" autoComplete="email" autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField label="Password" name="password" type="password" autoComplete="new-password" hint={passwordHint(rule)} minLength={rule.minLength} value={password} onChange={(e) => setPassword(e.target.value)} />
      <TextField label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="acceptTerms" className="checkbox checkbox-sm mt-0.5" checked={acceptedTerms} onChange={(e) => setAcceptedTerms(e.target.checked)} />
        <span>
          I agree to the <Link className="link" to={paths.terms} target="_blank">Terms of Service</Link> and{' '}
          <Link className="link" to={paths.privacy} target="_blank">Privacy Policy</Link>
        </span>
      </label>
      {!acceptedTerms && <p className="text-xs text-base-content/70">{MESSAGES.acceptTerms}</p>}
      <button type="submit" className="btn btn-primary" disabled={!acceptedTerms || busy}>{busy ? 'Creating account…' : 'Sign Up'}</button>
      <p className="text-sm">
        Already have an account?{' '}
        <Link className="link" to={paths.login}>Log In</Link>
      </p>
    </form>
  );
}
