// Form validation of spec §5. Each function returns the message to show, or null when valid.

export const MESSAGES = {
  bothRequired: 'Please enter both email and password',
  acceptTerms: 'Please accept the Terms of Service and Privacy Policy to continue.',
  passwordsDiffer: 'Passwords do not match',
  emailRequired: 'Please enter your email address',
  newPasswordRequired: 'Please enter a new password',
  newPasswordTooShort: 'Password must be at least 6 characters',
  signUpConfirmEmail: 'Please check your email to confirm your account before logging in.',
} as const;

export const FALLBACKS = {
  signIn: 'Failed to sign in. Please check your credentials.',
  signUp: 'Failed to create account. Please try again.',
  forgot: 'Failed to send reset email. Please try again.',
  reset: 'Failed to update password. Please try again.',
} as const;

export const RESET_PASSWORD_MIN_LENGTH = 6;

const blank = (s: string) => s.trim() === '';

export function validateSignIn(email: string, password: string): string | null {
  if (blank(email) || password === '') return MESSAGES.bothRequired;
  return null;
}

export function validateSignUp(input: {
  email: string;
  password: string;
  confirmPassword: string;
  acceptedTerms: boolean;
}): string | null {
  if (!input.acceptedTerms) return MESSAGES.acceptTerms;
  if (blank(input.email) || input.password === '') return MESSAGES.bothRequired;
  if (input.password !== input.confirmPassword) return MESSAGES.passwordsDiffer;
  return null;
}

export function validateForgotPassword(email: string): string | null {
  if (blank(email)) return MESSAGES.emailRequired;
  return null;
}

export function validateResetPassword(password: string, confirmPassword: string): string | null {
  if (password === '') return MESSAGES.newPasswordRequired;
  if (password.length < RESET_PASSWORD_MIN_LENGTH) return MESSAGES.newPasswordTooShort;
  if (password !== confirmPassword) return MESSAGES.passwordsDiffer;
  return null;
}
