import type { Overlay } from '@/config/paths';
import { Modal } from '@/components/ui/modal';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';
import { ForgotPasswordForm } from './forgot-password-form';

const titles: Record<Overlay, string> = { login: 'Log In', signup: 'Sign Up', forgot: 'Forgot Password' };

type Props = {
  overlay: Overlay;
  message?: string;
  returnTo?: string;
  onClose: () => void;
};

/** The login / sign-up / forgot-password dialog opened over the landing page. */
export function AuthOverlay({ overlay, message, returnTo, onClose }: Props) {
  return (
    <Modal title={titles[overlay]} onClose={onClose}>
      {overlay === 'login' && <LoginForm message={message} returnTo={returnTo} />}
      {overlay === 'signup' && <SignupForm />}
      {overlay === 'forgot' && <ForgotPasswordForm />}
    </Modal>
  );
}
