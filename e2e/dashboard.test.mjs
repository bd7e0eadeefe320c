import { test } from 'node:test';
import { serverAndBrowser } from './helpers/suite.mjs';
import assert from 'node:assert/strict';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';

const suite = serverAndBrowser();

test('rows seeded through the API show title and US date; select two and Delete Selected', async () => {
  const user = await suite.server.createUser(uniqueEmail('rows'), 'rows-password-1');
  await suite.server.saveWorksheet(user.token, 'Fractions Practice');
  await suite.server.saveWorksheet(user.token, 'Spelling Week 3');
  await suite.server.saveWorksheet(user.token, '');
  const seeded = await suite.server.listWorksheets(user.token);
  const expectedDate = new Date(seeded[0].created_at.replace(' ', 'T')).toLocaleDateString('en-US');

  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/dashboard');
  const rows = page.getByTestId('worksheet-row');
  await rows.first().waitFor();
  assert.equal(await rows.count(), 3);
  await rows.filter({ hasText: 'Fractions Practice' }).waitFor();
  await rows.filter({ hasText: 'Untitled Worksheet' }).waitFor();
  await rows.filter({ hasText: expectedDate }).first().waitFor();
  assert.equal(await rows.getByRole('button', { name: 'Generate Answer Key' }).count(), 3);

  await page.getByLabel('Select Fractions Practice').check();
  await page.getByLabel('Select Spelling Week 3').check();
  await page.getByTestId('selection-bar').getByText('2 selected').waitFor();

  let confirmText = '';
  page.once('dialog', (dialog) => {
    confirmText = dialog.message();
    dialog.accept();
  });
  await page.getByRole('button', { name: 'Delete Selected' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="worksheet-row"]').length === 1);
  assert.match(confirmText, /delete 2 selected worksheets/i);
  await rows.filter({ hasText: 'Untitled Worksheet' }).waitFor();
  assert.equal(await page.getByTestId('selection-bar').count(), 0);

  const left = await suite.server.listWorksheets(user.token);
  assert.deepEqual(left.map((w) => w.document_title), ['Untitled Worksheet']);
  await page.context().close();
});

test('declining the confirmation keeps the worksheet', async () => {
  const user = await suite.server.createUser(uniqueEmail('keep'), 'keep-password-1');
  await suite.server.saveWorksheet(user.token, 'Keep Me');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/dashboard');
  await page.getByTestId('worksheet-row').filter({ hasText: 'Keep Me' }).waitFor();
  page.once('dialog', (dialog) => dialog.dismiss());
  await page.getByRole('button', { name: 'Delete Keep Me' }).click();
  await page.waitForTimeout(300);
  assert.equal(await page.getByTestId('worksheet-row').count(), 1);
  assert.equal((await suite.server.listWorksheets(user.token)).length, 1);
  await page.context().close();
});

test('the account page shows the subscription label set by a superuser', async () => {
  const user = await suite.server.createUser(uniqueEmail('acct'), 'acct-password-1');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);

  await page.goto('/account');
  await page.getByTestId('account-email').getByText(user.email).waitFor();
  await page.getByTestId('subscription-label').getByText('Free Plan').waitFor();
  await page.getByRole('button', { name: 'See Subscription Options' }).waitFor();

  await suite.server.setSubscription(user.id, 'active');
  await page.reload();
  await page.getByTestId('subscription-label').getByText('Active Subscription').waitFor();

  await suite.server.setSubscription(user.id, 'past_due');
  await page.reload();
  await page.getByTestId('subscription-label').getByText('Subscription Past Due').waitFor();

  // See Subscription Options leads to the pricing section of the landing page.
  await page.getByRole('button', { name: 'See Subscription Options' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.hash === '#pricing');
  await page.getByRole('link', { name: 'Go to App' }).waitFor();
  await page.context().close();
});
