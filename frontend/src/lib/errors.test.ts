import { describe, expect, it } from 'vitest';
import { errorReason, pocketbaseErrorMessage } from './errors';
import { ApiError, apiErrorMessage } from './api-client';

describe('PocketBase error messages', () => {
  it('prefers the field messages', () => {
    const err = { response: { message: 'Failed to create record.', data: { email: { code: 'validation_not_unique', message: 'Value must be unique.' } } } };
    expect(pocketbaseErrorMessage(err, 'fallback')).toBe('Email: Value must be unique.');
    const short = { response: { data: { password: { message: 'Must be at least 8 character(s).' } } } };
    expect(pocketbaseErrorMessage(short, 'fallback')).toBe('Password: Must be at least 8 character(s).');
  });
  it('uses the top-level message without field messages', () => {
    expect(pocketbaseErrorMessage({ response: { message: 'Failed to authenticate.', data: {} } }, 'fallback')).toBe('Failed to authenticate.');
  });
  it('falls back to the spec text', () => {
    expect(pocketbaseErrorMessage(new Error('boom'), 'Failed to sign in. Please check your credentials.')).toBe(
      'Failed to sign in. Please check your credentials.',
    );
    expect(pocketbaseErrorMessage(undefined, 'Failed to create account. Please try again.')).toBe('Failed to create account. Please try again.');
  });
});

describe('product API error messages', () => {
  it('uses the server error text', () => {
    expect(apiErrorMessage(404, { success: false, error: 'Worksheet not found.' })).toBe('Worksheet not found.');
  });
  it('describes a status without body', () => {
    expect(apiErrorMessage(502, undefined)).toBe('Request failed with status 502');
  });
  it('says when no response came', () => {
    expect(apiErrorMessage(undefined, undefined)).toBe('Could not connect to the server. Please check if the server is running.');
  });
  it('gives the reason of an ApiError', () => {
    expect(errorReason(new ApiError('Authentication required. Please log in again.', 401))).toBe('Authentication required. Please log in again.');
    expect(errorReason(null)).toBe('Unknown error');
  });
});
