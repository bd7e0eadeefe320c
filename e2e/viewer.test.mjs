import { test } from 'node:test';
import { serverAndBrowser } from './helpers/suite.mjs';
import assert from 'node:assert/strict';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';

const suite = serverAndBrowser();

test('a saved worksheet opens from the dashboard, shows its PDF and downloads as {title}.pdf', async () => {
  const user = await suite.server.createUser(uniqueEmail('viewer'), 'viewer-password-1');
  // Generated while subscribed; the viewer still opens it after the subscription has ended
  // (without one, only sources the server made compile).
  await suite.server.setSubscription(user.id, 'active');
  const latex = await suite.server.generateLatex(user.token, '6 two-digit addition problems', 'Fractions Practice');
  const id = await suite.server.saveWorksheet(user.token, 'Fractions Practice', latex);
  await suite.server.setSubscription(user.id, 'canceled');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);

  await page.goto('/dashboard');
  const pdfResponse = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/pdf/'), { timeout: 60_000 });
  await page.getByTestId('worksheet-row').filter({ hasText: 'Fractions Practice' }).click();
  await page.waitForURL(`**/view-worksheet/${id}`);
  await page.getByRole('heading', { name: 'Fractions Practice' }).waitFor();

  // The frame loads the compiled PDF.
  const frame = page.locator('iframe');
  await frame.waitFor({ timeout: 60_000 });
  const response = await pdfResponse;
  assert.equal(response.status(), 200);
  assert.match(response.headers()['content-type'] ?? '', /application\/pdf/);
  assert.match(await frame.getAttribute('src'), /\/pdf\//);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  assert.equal(file.suggestedFilename(), 'fractions_practice.pdf');
  await page.context().close();
});

test('an unknown worksheet shows the load error with Retry Loading', async () => {
  const user = await suite.server.createUser(uniqueEmail('missing'), 'missing-password-1');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  let loads = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/worksheet/doesnotexist123') loads += 1;
  });
  await page.goto('/view-worksheet/doesnotexist123');
  const error = page.getByTestId('viewer-error');
  await error.waitFor({ timeout: 20_000 });
  assert.match(await error.textContent(), /Could not load or compile worksheet: /);
  await page.getByRole('heading', { name: 'Worksheet', exact: true }).waitFor();
  assert.equal(loads, 2, 'one automatic retry before the error');

  await error.getByRole('button', { name: 'Retry Loading' }).click();
  await page.getByTestId('viewer-error').waitFor({ timeout: 20_000 });
  await page.waitForTimeout(300);
  assert.equal(loads, 3, 'Retry Loading tries once more');
  await page.context().close();
});

test('a subscriber generates an answer key from the dashboard and views it', async () => {
  const user = await suite.server.createUser(uniqueEmail('key'), 'key-password-1');
  await suite.server.setSubscription(user.id, 'active');
  // A worksheet written by the server's own (offline) engine carries the answers the key needs.
  const latex = await suite.server.generateLatex(user.token, '5 two-digit addition problems', 'Fractions Practice');
  const id = await suite.server.saveWorksheet(user.token, 'Fractions Practice', latex);
  const page = await newPage(suite.browser, suite.server.baseUrl, user);

  await page.goto('/dashboard');
  const row = page.getByTestId('worksheet-row').filter({ hasText: 'Fractions Practice' });
  await row.getByRole('button', { name: 'Generate Answer Key' }).click();
  await row.getByRole('button', { name: 'View Answer Key' }).waitFor({ timeout: 60_000 });

  const pdfResponse = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/pdf/'), { timeout: 60_000 });
  await row.getByRole('button', { name: 'View Answer Key' }).click();
  await page.waitForURL(`**/view-answer-key/${id}`);
  await page.getByRole('heading', { name: 'Fractions Practice' }).waitFor();
  const response = await pdfResponse;
  assert.equal(response.status(), 200);
  assert.match(response.headers()['content-type'] ?? '', /application\/pdf/);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  assert.equal((await download).suggestedFilename(), 'fractions_practice.pdf');
  await page.context().close();
});

test('without a subscription, Generate Answer Key explains why and offers Retry Generation', async () => {
  const user = await suite.server.createUser(uniqueEmail('nokey'), 'nokey-password-1');
  await suite.server.saveWorksheet(user.token, 'Spelling');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/dashboard');
  const row = page.getByTestId('worksheet-row').filter({ hasText: 'Spelling' });
  await row.getByRole('button', { name: 'Generate Answer Key' }).click();
  const error = row.getByRole('alert');
  await error.waitFor();
  assert.match(await error.textContent(), /^Could not generate answer key: .*subscription/i);
  await row.getByRole('button', { name: 'Retry Generation' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/dashboard');
  await page.context().close();
});

test('Edit in Generator opens a saved worksheet in the generator', async () => {
  const user = await suite.server.createUser(uniqueEmail('edit'), 'edit-password-1');
  await suite.server.setSubscription(user.id, 'active');
  const latex = await suite.server.generateLatex(user.token, '8 subtraction problems within 20', 'Take Away');
  const id = await suite.server.saveWorksheet(user.token, 'Take Away', latex);
  const page = await newPage(suite.browser, suite.server.baseUrl, user);

  await page.goto(`/view-worksheet/${id}`);
  await page.locator('iframe').waitFor({ timeout: 60_000 });
  await page.getByRole('link', { name: 'Edit in Generator' }).click();
  await page.waitForURL('**/app');
  await page.getByText('Loaded worksheet: Take Away').waitFor({ timeout: 30_000 });
  await page.context().close();
});
