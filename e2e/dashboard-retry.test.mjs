// The dashboard's list error offers Retry, which fetches the list again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './helpers/suite.mjs';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';
import { expectNoSeriousA11yViolations } from './helpers/axe.mjs';

const suite = serverAndBrowser();

test('a failed list shows the reason and Retry; Retry brings the worksheets', async () => {
  const user = await suite.server.createUser(uniqueEmail('retry'), 'retry-password-1');
  await suite.server.saveWorksheet(user.token, 'Fractions Practice');
  await suite.server.saveWorksheet(user.token, 'Spelling Week 3');

  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  // The first request for the list fails as a server in trouble would answer; later ones pass.
  let failed = 0;
  await page.route(
    (url) => url.pathname === '/my-worksheets',
    (route) => {
      if (route.request().method() !== 'GET' || failed > 0) return route.continue();
      failed++;
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Database unavailable' }) });
    },
  );

  await page.goto('/dashboard');
  await page.getByRole('alert').getByText('Could not fetch your saved worksheets. Database unavailable').waitFor();
  const retry = page.getByRole('button', { name: 'Retry' });
  await retry.waitFor();
  await expectNoSeriousA11yViolations(page, 'dashboard list error');
  assert.equal(await page.getByTestId('worksheet-row').count(), 0);

  await retry.click();
  await page.getByTestId('worksheet-row').filter({ hasText: 'Fractions Practice' }).waitFor();
  await page.getByTestId('worksheet-row').filter({ hasText: 'Spelling Week 3' }).waitFor();
  assert.equal(await page.getByText('Could not fetch your saved worksheets.').count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Retry' }).count(), 0);
  assert.equal(failed, 1);
  await page.context().close();
});
