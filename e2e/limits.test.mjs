import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './helpers/suite.mjs';
import { MINIMAL_LATEX, uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';

// Issue 18: the dashboard list comes in pages; a user with more worksheets than one page still
// sees (and searches) every one. The save quota and rate are off here so the test can seed.
const suite = serverAndBrowser({
  env: { SHEETSMITH_FREE_WORKSHEETS: '0', SHEETSMITH_UNVERIFIED_WORKSHEETS: '0', SHEETSMITH_SAVES_PER_MINUTE: '0' },
});

test('a dashboard of more worksheets than one page shows them all, the oldest included', async () => {
  const user = await suite.server.createUser(uniqueEmail('pages'), 'pages-password-1');
  const total = 130;
  for (let i = 1; i <= total; i++) {
    await suite.server.saveWorksheet(user.token, `Sheet ${String(i).padStart(3, '0')}`);
  }
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/dashboard');
  await page.getByTestId('results-summary').getByText(`${total} worksheets`, { exact: true }).waitFor();
  assert.equal(await page.getByTestId('worksheet-row').count(), total);
  // The oldest is on the server's second page of the newest-first list.
  await page.getByLabel('Search by title').fill('Sheet 001');
  await page.getByTestId('worksheet-row').filter({ hasText: 'Sheet 001' }).waitFor();
  assert.equal(await page.getByTestId('worksheet-row').count(), 1);
  await page.context().close();
});

test('signing out ends the PDF links the account was given', async () => {
  const user = await suite.server.createUser(uniqueEmail('links'), 'links-password-1');
  await suite.server.setSubscription(user.record.id, 'active');
  const compile = await fetch(`${suite.server.baseUrl}/compile`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.token}` },
    body: JSON.stringify({ latexCode: MINIMAL_LATEX }),
  });
  const { pdfUrl } = await compile.json();
  assert.equal((await fetch(suite.server.baseUrl + pdfUrl)).status, 200);

  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const after = await fetch(suite.server.baseUrl + pdfUrl);
  assert.equal(after.status, 410);
  assert.match((await after.json()).error, /ended when you signed out/);
  await page.context().close();
});
