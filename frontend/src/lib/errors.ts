// Turns errors from PocketBase and the product API into the text shown to the user. PocketBase's
// own wording ("Failed to authenticate.", "Value must be unique.") never reaches a teacher: the
// known cases get plain words, everything else the spec's fallback for the form.

import { NO_RESPONSE_MESSAGE } from './api-client';

type FieldError = { code?: unknown; message?: unknown } | undefined;
type PocketBaseLikeError = {
  status?: unknown;
  isAbort?: unknown;
  response?: { message?: unknown; data?: Record<string, FieldError> };
  data?: { message?: unknown; data?: Record<string, FieldError> };
};

export const AUTH_MESSAGES = {
  emailTaken: 'An account with this email already exists. Log in instead, or use Forgot password.',
  emailInvalid: 'Please enter a valid email address.',
  passwordsDiffer: 'Passwords do not match',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
} as const;

/** The server's password length rule (GET /api/config); the forms never hold their own numbers. */
export type PasswordRule = { minLength?: number; maxLength?: number };

export function passwordTooShortMessage(minLength?: number): string {
  return minLength ? `Your password must be at least ${minLength} characters long.` : 'Your password is too short.';
}

export function passwordTooLongMessage(maxLength?: number): string {
  return maxLength ? `Your password is too long (at most ${maxLength} characters).` : 'Your password is too long.';
}

/** Plain words for PocketBase's field error codes; null for codes without them. */
function fieldMessage(field: string, code: string, rule: PasswordRule): string | null {
  if (field === 'email' || field === 'identity') {
    if (code === 'validation_not_unique' || code === 'validation_invalid_email') return AUTH_MESSAGES.emailTaken;
    if (code === 'validation_is_email') return AUTH_MESSAGES.emailInvalid;
    return null;
  }
  if (field === 'password') {
    if (code === 'validation_min_text_constraint' || code === 'validation_length_out_of_range') return passwordTooShortMessage(rule.minLength);
    if (code === 'validation_max_text_constraint') return passwordTooLongMessage(rule.maxLength);
    return null;
  }
  if (field === 'passwordConfirm' && code === 'validation_values_mismatch') return AUTH_MESSAGES.passwordsDiffer;
  if (field === 'token') return AUTH_MESSAGES.resetLinkInvalid;
  return null;
}

/**
 * The message for a failed PocketBase call from an authentication form: plain words for the
 * cases a user can fix (address taken, password too short, expired link, too many attempts, no
 * connection), else the spec's fallback for the form. rule puts the server's numbers in the
 * password messages.
 */
export function pocketbaseErrorMessage(err: unknown, fallback: string, rule: PasswordRule = {}): string {
  const e = (err ?? {}) as PocketBaseLikeError;
  if (e.isAbort === true) return fallback;
  const status = typeof e.status === 'number' ? e.status : undefined;
  if (status === 0) return NO_RESPONSE_MESSAGE;
  if (status === 429) return AUTH_MESSAGES.tooManyAttempts;
  const fields = (e.response ?? e.data)?.data;
  if (fields && typeof fields === 'object') {
    for (const [name, f] of Object.entries(fields)) {
      const message = typeof f?.code === 'string' ? fieldMessage(name, f.code, rule) : null;
      if (message) return message;
    }
  }
  return fallback;
}

/** The reason part of a message: the error's own text, or a generic one. */
export function errorReason(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return 'Unknown error';
}
