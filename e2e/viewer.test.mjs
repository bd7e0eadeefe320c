import { test } from 'node:test';
import { serverAndBrowser } from './helpers/suite.mjs';
import assert from 'node:assert/strict';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';

const suite = serverAndBrowser();

test('a saved worksheet opens from the dashboard, shows its PDF, warns once that downloading ends editing and downloads as {title}.pdf', async () => {
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
  // The title is a link; a click elsewhere on the row (here its date) opens it too.
  const row = page.getByTestId('worksheet-row').filter({ hasText: 'Fractions Practice' });
  assert.equal(await row.getByRole('link', { name: 'Fractions Practice' }).getAttribute('href'), `/view-worksheet/${id}`);
  await row.getByText(/^\d{1,2}\/\d{1,2}\/\d{4}$/).click();
  await page.waitForURL(`**/view-worksheet/${id}`);
  await page.getByRole('heading', { name: 'Fractions Practice' }).waitFor();

  // The frame loads the compiled PDF.
  const frame = page.locator('iframe');
  await frame.waitFor({ timeout: 60_000 });
  const response = await pdfResponse;
  assert.equal(response.status(), 200);
  assert.match(response.headers()['content-type'] ?? '', /application\/pdf/);
  assert.match(await frame.getAttribute('src'), /\/pdf\//);
  // Shown without the browser's own toolbar, whose download and print would bypass the lock.
  assert.match(await frame.getAttribute('src'), /#toolbar=0/);
  await page.getByTestId('lock-note').getByText('Downloading or printing this PDF ends editing of the worksheet.').waitFor();

  // The first download warns that it ends editing; Cancel changes nothing.
  const download = page.getByRole('button', { name: 'Download PDF' });
  await download.click();
  let dialog = page.getByRole('dialog', { name: 'Download PDF and end editing?' });
  await dialog.getByText('can no longer be edited').waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal((await suite.server.listWorksheets(user.token)).length, 1);
  let res = await fetch(`${suite.server.baseUrl}/worksheet/${id}`, { headers: { Authorization: `Bearer ${user.token}` } });
  assert.equal((await res.json()).worksheet.downloaded_at, '', 'cancelling does not lock');

  await download.click();
  dialog = page.getByRole('dialog', { name: 'Download PDF and end editing?' });
  const file = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  assert.equal((await file).suggestedFilename(), 'fractions_practice.pdf');
  res = await fetch(`${suite.server.baseUrl}/worksheet/${id}`, { headers: { Authorization: `Bearer ${user.token}` } });
  assert.notEqual((await res.json()).worksheet.downloaded_at, '', 'the download locked the worksheet');

  // Now locked: it says so, offers a duplicate, no longer offers editing, and does not ask again.
  await page.getByTestId('locked-note').getByText('can no longer be edited').waitFor();
  assert.equal(await page.getByRole('link', { name: 'Edit in Generator' }).count(), 0);
  const again = page.waitForEvent('download');
  await download.click();
  assert.equal((await again).suggestedFilename(), 'fractions_practice.pdf');
  assert.equal(await page.getByRole('dialog').count(), 0);

  // Without a subscription the copy opens in its viewer, editable again (no lock, no question answered).
  await page.getByRole('button', { name: 'Duplicate as new worksheet' }).click();
  await page.getByRole('heading', { name: 'Fractions Practice (copy)' }).waitFor();
  const list = await suite.server.listWorksheets(user.token);
  const copy = list.find((w) => w.document_title === 'Fractions Practice (copy)');
  await page.waitForURL(`**/view-worksheet/${copy.id}`);
  await page.locator('iframe').waitFor({ timeout: 60_000 });
  await page.getByTestId('lock-note').waitFor();
  await page.getByRole('link', { name: 'Edit in Generator' }).waitFor();
  assert.deepEqual(list.map((w) => w.document_title).sort(), ['Fractions Practice', 'Fractions Practice (copy)']);
  await page.context().close();
});

test('Print goes through the same lock as Download', async () => {
  const user = await suite.server.createUser(uniqueEmail('print'), 'print-password-1');
  await suite.server.setSubscription(user.id, 'active'); // the sheet is hand-written: subscribers compile those
  const id = await suite.server.saveWorksheet(user.token, 'Print Me');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto(`/view-worksheet/${id}`);
  await page.locator('iframe').waitFor({ timeout: 60_000 });
  const marked = page.waitForRequest((r) => new URL(r.url()).searchParams.get('download') === '1');
  await page.getByRole('button', { name: 'Print' }).click();
  await page.getByRole('dialog', { name: 'Print and end editing?' }).getByRole('button', { name: 'Print' }).click();
  await marked;
  await page.getByTestId('locked-note').waitFor();
  const res = await fetch(`${suite.server.baseUrl}/worksheet/${id}`, { headers: { Authorization: `Bearer ${user.token}` } });
  assert.notEqual((await res.json()).worksheet.downloaded_at, '');
  await page.context().close();
});

test('Download PDF is disabled while the PDF loads, with the reason', async () => {
  const user = await suite.server.createUser(uniqueEmail('wait'), 'wait-password-1');
  await suite.server.setSubscription(user.id, 'active'); // the sheet is hand-written: subscribers compile those
  const id = await suite.server.saveWorksheet(user.token, 'Slow Sheet');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  let release;
  const held = new Promise((r) => (release = r));
  await page.route('**/compile', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/view-worksheet/${id}`);
  const download = page.getByRole('button', { name: 'Download PDF' });
  await download.waitFor();
  assert.equal(await download.getAttribute('aria-disabled'), 'true');
  assert.equal(await download.getAttribute('title'), 'Cannot download. PDF is not ready.');
  await download.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('alert').filter({ hasText: 'Cannot download. PDF is not ready.' }).waitFor();
  assert.equal(await page.getByRole('dialog').count(), 0);
  release();
  await page.locator('iframe').waitFor({ timeout: 60_000 });
  assert.equal(await download.getAttribute('aria-disabled'), null);
  await page.context().close();
});

test('on a phone the viewer offers Open PDF, through the same lock', async () => {
  const user = await suite.server.createUser(uniqueEmail('phone'), 'phone-password-1');
  await suite.server.setSubscription(user.id, 'active'); // the sheet is hand-written: subscribers compile those
  const id = await suite.server.saveWorksheet(user.token, 'Phone Sheet');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/view-worksheet/${id}`);
  await page.locator('iframe').waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Open PDF' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open PDF and end editing?' });
  const popup = page.context().waitForEvent('page');
  await dialog.getByRole('button', { name: 'Open PDF' }).click();
  const opened = await popup;
  await opened.waitForURL(/^blob:/);
  await page.getByTestId('locked-note').waitFor();
  // Once locked, Open PDF is a plain link to the PDF.
  assert.match(await page.getByRole('link', { name: 'Open PDF' }).getAttribute('href'), /\/pdf\//);
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
  await page.getByRole('heading', { name: 'Fractions Practice — Answer Key' }).waitFor();
  assert.equal(await page.title(), 'Fractions Practice — Answer Key · Sheetsmith');
  const response = await pdfResponse;
  assert.equal(response.status(), 200);
  assert.match(response.headers()['content-type'] ?? '', /application\/pdf/);

  // The key downloads under its own name, without the lock question, and leaves the sheet editable.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  assert.equal((await download).suggestedFilename(), 'fractions_practice_answer_key.pdf');
  assert.equal(await page.getByRole('dialog').count(), 0);
  const res = await fetch(`${suite.server.baseUrl}/worksheet/${id}`, { headers: { Authorization: `Bearer ${user.token}` } });
  assert.equal((await res.json()).worksheet.downloaded_at, '');
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
