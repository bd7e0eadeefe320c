import { describe, expect, it } from 'vitest';
import { passwordHint, validateForgotPassword, validateResetPassword, validateSignIn, validateSignUp } from './validation';

describe('sign-in validation', () => {
  it('needs both email and password', () => {
    expect(validateSignIn('', 'secret')).toBe('Please enter both email and password');
    expect(validateSignIn('a@b.c', '')).toBe('Please enter both email and password');
    expect(validateSignIn('   ', 'x')).toBe('Please enter both email and password');
    expect(validateSignIn('a@b.c', 'secret')).toBeNull();
  });
});

describe('sign-up validation', () => {
  const ok = { email: 'a@b.c', password: 'secret123', confirmPassword: 'secret123', acceptedTerms: true };
  it('needs the terms accepted first', () => {
    expect(validateSignUp({ ...ok, acceptedTerms: false, email: '' })).toBe(
      'Please accept the Terms of Service and Privacy Policy to continue.',
    );
  });
  it('needs email and password', () => {
    expect(validateSignUp({ ...ok, email: '' })).toBe('Please enter both email and password');
    expect(validateSignUp({ ...ok, password: '', confirmPassword: '' })).toBe('Please enter both email and password');
  });
  it('needs matching passwords', () => {
    expect(validateSignUp({ ...ok, confirmPassword: 'other' })).toBe('Passwords do not match');
  });
  it("needs the server's minimum length, once it is known", () => {
    expect(validateSignUp({ ...ok, password: '12345', confirmPassword: '12345' }, { minLength: 6 })).toBe(
      'Your password must be at least 6 characters long.',
    );
    expect(validateSignUp({ ...ok, password: '123456', confirmPassword: '123456' }, { minLength: 6 })).toBeNull();
    expect(validateSignUp({ ...ok, password: '12345', confirmPassword: '12345' })).toBeNull();
  });
  it('accepts a complete form', () => {
    expect(validateSignUp(ok)).toBeNull();
  });
});

describe('forgot-password validation', () => {
  it('needs an email', () => {
    expect(validateForgotPassword('')).toBe('Please enter your email address');
    expect(validateForgotPassword('a@b.c')).toBeNull();
  });
});

describe('reset-password validation', () => {
  it('needs a new password', () => {
    expect(validateResetPassword('', '')).toBe('Please enter a new password');
  });
  it("needs the server's minimum length", () => {
    expect(validateResetPassword('12345', '12345', { minLength: 6 })).toBe('Your password must be at least 6 characters long.');
  });
  it('needs a matching confirmation', () => {
    expect(validateResetPassword('123456', '1234567', { minLength: 6 })).toBe('Passwords do not match');
    expect(validateResetPassword('123456', '123456', { minLength: 6 })).toBeNull();
  });
});

describe('password hint', () => {
  it("names the server's number, and nothing before it is known", () => {
    expect(passwordHint({ minLength: 6 })).toBe('At least 6 characters.');
    expect(passwordHint({})).toBeNull();
  });
});
