import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, uniqueEmail } from './helpers/server.mjs';
import { startMailbox } from './helpers/mailbox.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';

let server;
let mailbox;
let browser;

before(async () => {
  server = await startServer();
  mailbox = await startMailbox();
  await server.useSmtp(mailbox.port);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await mailbox?.close();
  await server?.stop();
});

test('a forgotten password is reset through the mailed link, then the user logs in with it', async () => {
  const user = await server.createUser(uniqueEmail('reset'), 'old-password-1');
  const page = await newPage(browser, server.baseUrl);

  // Ask for the mail from the login dialog.
  await page.goto('/login');
  await page.getByRole('dialog', { name: 'Log In' }).getByRole('link', { name: 'Forgot password' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
  await forgot.getByLabel('Email').fill(user.email);
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await forgot.getByText(`If an account exists for ${user.email}`).waitFor();

  // The mail links to {APP_URL}/reset-password/{TOKEN}.
  const mail = await mailbox.waitFor(/reset-password\//);
  const link = mail.match(/https?:\/\/[^\s"'<>]+\/reset-password\/[A-Za-z0-9._-]+/)?.[0];
  assert.ok(link, 'the mail holds a reset link');
  assert.ok(link.startsWith(`${server.baseUrl}/reset-password/`), link);

  await page.goto(link);
  const form = page.getByRole('form', { name: 'Reset password' });
  await form.getByLabel('New Password', { exact: true }).fill('new-password-1');
  await form.getByLabel('Confirm New Password').fill('new-password-1');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await page.getByText('Your password has been updated successfully.').waitFor();

  // After 3 seconds: the login dialog with a message.
  const login = page.getByRole('dialog', { name: 'Log In' });
  await login.waitFor({ timeout: 6_000 });
  await login.getByText('Your password has been reset. Please log in with your new password.').waitFor();
  await login.getByLabel('Email').fill(user.email);
  await login.getByLabel('Password').fill('new-password-1');
  await login.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await page.context().close();
});
