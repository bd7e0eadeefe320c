// Issue 23, item 8: the answer key is compiled beside the sheet when the sheet is made, so
// Generate Answer Key on a generated sheet is answered from the cache.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './helpers/suite.mjs';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';

const suite = serverAndBrowser();

test('Generate Answer Key on a sheet just generated and saved is answered from the cache', async () => {
  const user = await suite.server.createUser(uniqueEmail('instantkey'), 'instantkey-password-1');
  await suite.server.setSubscription(user.id, 'active');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/app');
  await page.getByLabel('Document Title').fill('Instant Key');
  await page.getByLabel('Describe your worksheet').fill('10 two-digit subtraction problems for grade 3');
  await page.getByLabel('Describe your worksheet').press('Enter');
  await page.getByTestId('pdf-preview').waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Save To Dashboard' }).click();
  await page.getByTestId('chat-message').filter({ hasText: 'Worksheet saved to your dashboard.' }).waitFor();

  await page.goto('/dashboard');
  const row = page.getByTestId('worksheet-row').filter({ hasText: 'Instant Key' });
  const answered = page.waitForResponse((r) => /^\/generate-answer-key\//.test(new URL(r.url()).pathname), { timeout: 60_000 });
  await row.getByRole('button', { name: 'Generate Answer Key' }).click();
  const res = await answered;
  assert.equal(res.status(), 200);
  const body = await res.json();
  assert.equal(body.success, true);
  assert.equal(body.cached, true, 'the key was compiled beside the sheet, so the click finds it in the cache');

  // The teacher gets the key: View Answer Key opens it.
  await row.getByRole('button', { name: 'View Answer Key' }).click();
  await page.waitForURL('**/view-answer-key/**');
  await page.getByRole('button', { name: 'Download PDF' }).waitFor({ timeout: 60_000 });
  await page.context().close();
});
