// Turns errors from PocketBase and the product API into the text shown to the user.

type PocketBaseLikeError = {
  response?: { message?: unknown; data?: Record<string, { message?: unknown } | undefined> };
  data?: { message?: unknown; data?: Record<string, { message?: unknown } | undefined> };
};

const FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  password: 'Password',
  passwordConfirm: 'Password confirmation',
  token: 'Reset link',
  identity: 'Email',
};

/** PocketBase's own error text (field messages first, they say what to fix), else the fallback. */
export function pocketbaseErrorMessage(err: unknown, fallback: string): string {
  const e = (err ?? {}) as PocketBaseLikeError;
  const response = e.response ?? e.data;
  const fields = response?.data;
  if (fields && typeof fields === 'object') {
    // PocketBase's field messages ("Value must be unique.") do not name the field: add it.
    const messages = Object.entries(fields)
      .map(([name, f]) => (f && typeof f.message === 'string' && f.message ? `${FIELD_LABELS[name] ?? name}: ${f.message}` : ''))
      .filter(Boolean);
    if (messages.length > 0) return messages.join(' ');
  }
  if (response && typeof response.message === 'string' && response.message.trim()) {
    return response.message;
  }
  return fallback;
}

/** The reason part of a message: the error's own text, or a generic one. */
export function errorReason(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return 'Unknown error';
}
