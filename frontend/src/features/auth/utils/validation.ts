// Form validation of spec §5. Each function returns the message to show, or null when valid.
// Password lengths come from the server (GET /api/config); while unknown the server checks them.
import { passwordTooShortMessage, type PasswordRule } from '@/lib/errors';

export const MESSAGES = {
  bothRequired: 'Please enter both email and password',
  acceptTerms: 'Please accept the Terms of Service and Privacy Policy to continue.',
  passwordsDiffer: 'Passwords do not match',
  emailRequired: 'Please enter your email address',
  newPasswordRequired: 'Please enter a new password',
  signUpConfirmEmail: 'Please check your email to confirm your account before logging in.',
} as const;

export const FALLBACKS = {
  signIn: 'Failed to sign in. Please check your credentials.',
  signUp: 'Failed to create account. Please try again.',
  forgot: 'Failed to send reset email. Please try again.',
  reset: 'Failed to update password. Please try again.',
} as const;

const blank = (s: string) => s.trim() === '';
// Length in characters as the server counts them (code points, not UTF-16 units).
const tooShort = (password: string, rule: PasswordRule) => !!rule.minLength && [...password].length < rule.minLength;

/** The hint under a new password field: "At least 6 characters."; null until the rule is known. */
export function passwordHint(rule: PasswordRule): string | null {
  return rule.minLength ? `At least ${rule.minLength} characters.` : null;
}

export function validateSignIn(email: string, password: string): string | null {
  if (blank(email) || password === '') return MESSAGES.bothRequired;
  return null;
}

export function validateSignUp(input: {
  email: string;
  password: string;
  confirmPassword: string;
  acceptedTerms: boolean;
}, rule: PasswordRule = {}): string | null {
  if (!input.acceptedTerms) return MESSAGES.acceptTerms;
  if (blank(input.email) || input.password === '') return MESSAGES.bothRequired;
  if (tooShort(input.password, rule)) return passwordTooShortMessage(rule.minLength);
  if (input.password !== input.confirmPassword) return MESSAGES.passwordsDiffer;
  return null;
}

export function validateForgotPassword(email: string): string | null {
  if (blank(email)) return MESSAGES.emailRequired;
  return null;
}

export function validateResetPassword(password: string, confirmPassword: string, rule: PasswordRule = {}): string | null {
  if (password === '') return MESSAGES.newPasswordRequired;
  if (tooShort(password, rule)) return passwordTooShortMessage(rule.minLength);
  if (password !== confirmPassword) return MESSAGES.passwordsDiffer;
  return null;
}
