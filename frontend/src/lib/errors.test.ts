import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, errorReason, pocketbaseErrorMessage } from './errors';
import { ApiError, apiErrorMessage, NO_RESPONSE_MESSAGE } from './api-client';

describe('PocketBase error messages', () => {
  const signIn = 'Failed to sign in. Please check your credentials.';
  const signUp = 'Failed to create account. Please try again.';
  it('turns a refused sign-in into the spec fallback, never PocketBase words', () => {
    const err = { status: 400, response: { code: 400, message: 'Failed to authenticate.', data: {} } };
    expect(pocketbaseErrorMessage(err, signIn)).toBe(signIn);
  });
  it('says in plain words that the e-mail address already has an account', () => {
    const err = { status: 400, response: { message: 'Failed to create record.', data: { email: { code: 'validation_not_unique', message: 'Value must be unique.' } } } };
    expect(pocketbaseErrorMessage(err, signUp)).toBe(AUTH_MESSAGES.emailTaken);
    expect(pocketbaseErrorMessage(err, signUp)).not.toMatch(/Value must be unique/);
  });
  it('explains the fixable field problems', () => {
    const short = { status: 400, response: { data: { password: { code: 'validation_min_text_constraint', message: 'Must be at least 8 character(s).' } } } };
    expect(pocketbaseErrorMessage(short, signUp, { minLength: 6 })).toBe('Your password must be at least 6 characters long.');
    expect(pocketbaseErrorMessage(short, signUp)).toBe('Your password is too short.');
    const long = { status: 400, response: { data: { password: { code: 'validation_max_text_constraint', message: 'Must be no more than 71 character(s).' } } } };
    expect(pocketbaseErrorMessage(long, signUp, { minLength: 6, maxLength: 71 })).toBe('Your password is too long (at most 71 characters).');
    const bad = { status: 400, response: { data: { email: { code: 'validation_is_email', message: 'Must be a valid email address.' } } } };
    expect(pocketbaseErrorMessage(bad, signUp)).toBe(AUTH_MESSAGES.emailInvalid);
    const token = { status: 400, response: { data: { token: { code: 'validation_invalid_token', message: 'Invalid or expired token.' } } } };
    expect(pocketbaseErrorMessage(token, 'Failed to update password. Please try again.')).toBe(AUTH_MESSAGES.resetLinkInvalid);
  });
  it('says to wait when rate limited, and names a lost connection', () => {
    expect(pocketbaseErrorMessage({ status: 429, response: { message: 'Too Many Requests.' } }, signIn)).toBe(AUTH_MESSAGES.tooManyAttempts);
    expect(pocketbaseErrorMessage({ status: 0, response: {} }, signIn)).toBe(NO_RESPONSE_MESSAGE);
  });
  it('falls back to the spec text for anything else', () => {
    expect(pocketbaseErrorMessage(new Error('boom'), signIn)).toBe(signIn);
    expect(pocketbaseErrorMessage(undefined, signUp)).toBe(signUp);
    expect(pocketbaseErrorMessage({ status: 400, response: { message: 'Something internal.', data: { other: { code: 'x', message: 'y' } } } }, signUp)).toBe(signUp);
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
