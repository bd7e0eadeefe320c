import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, uniqueEmail } from './helpers/server.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';

let server;
let browser;
const email = uniqueEmail('signup');
const password = 'correct-horse-42';

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('sign up, see the empty dashboard, sign out, then sign in and return to the page asked for', async () => {
  const page = await newPage(browser, server.baseUrl);

  // Sign up from the landing page.
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign Up' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm Password').fill(password);
  await dialog.getByLabel('I agree to the').check();
  await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();

  // Signed in: the dashboard with its empty state and the user's e-mail in the sidebar.
  await page.waitForURL('**/dashboard');
  await page.getByText('You have no saved worksheets yet.').waitFor();
  await page.getByRole('link', { name: 'New Worksheet' }).first().waitFor();
  await page.getByTestId('sidebar-email').getByText(email).waitFor();

  // Sign out returns to / and the landing page offers Log In again.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Log In / Sign Up' }).waitFor();

  // A protected page sends us to the login overlay ...
  await page.goto('/account');
  const login = page.getByRole('dialog', { name: 'Log In' });
  await login.waitFor();
  assert.equal(new URL(page.url()).pathname, '/');

  // ... an empty form says what is missing ...
  await login.getByRole('button', { name: 'Log In', exact: true }).click();
  await login.getByText('Please enter both email and password').waitFor();

  // ... and signing in returns to the page asked for.
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.waitForURL('**/account');
  await page.getByTestId('account-email').getByText(email).waitFor();
  await page.context().close();
});

test('a wrong password shows the spec fallback, not PocketBase words', async () => {
  const page = await newPage(browser, server.baseUrl);
  await page.goto('/login');
  const login = page.getByRole('dialog', { name: 'Log In' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill('wrong-password-1');
  await login.getByRole('button', { name: 'Log In', exact: true }).click();
  await login.getByRole('alert').waitFor();
  assert.equal(await login.getByRole('alert').innerText(), 'Failed to sign in. Please check your credentials.');
  assert.equal(new URL(page.url()).pathname, '/');
  await page.context().close();
});

test('signing up with an address that has an account says so in plain words', async () => {
  const page = await newPage(browser, server.baseUrl);
  await page.goto('/signup');
  const signup = page.getByRole('dialog', { name: 'Sign Up' });
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Password', { exact: true }).fill('another-password-1');
  await signup.getByLabel('Confirm Password').fill('another-password-1');
  await signup.getByLabel('I agree').check();
  await signup.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await signup.getByRole('alert').waitFor();
  const text = await signup.getByRole('alert').innerText();
  assert.equal(text, 'An account with this email already exists. Log in instead, or use Forgot password.');
  assert.doesNotMatch(text, /Value must be unique|Failed to create record/);
  await page.context().close();
});

test('a reset link without a token explains it is invalid and offers Forgot password', async () => {
  const page = await newPage(browser, server.baseUrl);
  await page.goto('/reset-password');
  await page.getByText('This password reset link is invalid').waitFor();
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await page.getByRole('dialog', { name: 'Forgot Password' }).waitFor();
  await page.context().close();
});

test('forgot password confirms the request and offers Back to Login', async () => {
  const page = await newPage(browser, server.baseUrl);
  await page.goto('/forgot-password');
  const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await dialog.getByText('Please enter your email address').waitFor();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await dialog.getByText(`If an account exists for ${email}`).waitFor();
  await dialog.getByRole('link', { name: 'Back to Login' }).click();
  await page.getByRole('dialog', { name: 'Log In' }).waitFor();
  await page.context().close();
});

test('the reset form checks its fields and shows why a bad link fails', async () => {
  const page = await newPage(browser, server.baseUrl);
  await page.goto('/reset-password/not-a-real-token');
  const form = page.getByRole('form', { name: 'Reset password' });
  await form.getByRole('button', { name: 'Update Password' }).click();
  await form.getByText('Please enter a new password').waitFor();
  await form.getByLabel('New Password', { exact: true }).fill('new-password-1');
  await form.getByLabel('Confirm New Password').fill('new-password-2');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await form.getByText('Passwords do not match').waitFor();
  await form.getByLabel('Confirm New Password').fill('new-password-1');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await form.getByRole('alert').getByText('This password reset link is invalid or has expired. Please request a new one.').waitFor();
  await page.context().close();
});
