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

async function seeded(prefix, titles) {
  const user = await suite.server.createUser(uniqueEmail(prefix), `${prefix}-password-1`);
  for (const t of titles) await suite.server.saveWorksheet(user.token, t);
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  return { user, page };
}

const shownTitles = (page) => page.getByTestId('worksheet-row').getByRole('link').allInnerTexts();

test('search by title and sort by date or title', async () => {
  const { page } = await seeded('search', ['Week 10 Fractions', 'Spelling Words', 'Week 2 Fractions']);
  await page.goto('/dashboard');
  await page.getByTestId('worksheet-row').first().waitFor();
  assert.deepEqual(await shownTitles(page), ['Week 2 Fractions', 'Spelling Words', 'Week 10 Fractions']); // newest first

  await page.getByLabel('Sort by').selectOption({ label: 'Title A–Z' });
  assert.deepEqual(await shownTitles(page), ['Spelling Words', 'Week 2 Fractions', 'Week 10 Fractions']);
  await page.getByLabel('Sort by').selectOption({ label: 'Oldest first' });
  assert.deepEqual(await shownTitles(page), ['Week 10 Fractions', 'Spelling Words', 'Week 2 Fractions']);

  await page.getByLabel('Search by title').fill('fractions');
  assert.deepEqual(await shownTitles(page), ['Week 10 Fractions', 'Week 2 Fractions']);
  await page.getByTestId('results-summary').getByText('2 of 3 worksheets shown').waitFor();
  await page.getByLabel('Search by title').fill('poetry');
  await page.getByTestId('no-match').getByText('No worksheet title matches “poetry”.').waitFor();
  assert.equal(await page.getByTestId('worksheet-row').count(), 0);

  // The chosen order is remembered.
  await page.reload();
  await page.getByTestId('worksheet-row').first().waitFor();
  assert.equal(await page.getByLabel('Sort by').inputValue(), 'oldest');
  await page.context().close();
});

test('rename in place with the keyboard, and duplicate', async () => {
  const { user, page } = await seeded('rename', ['Spelling Words']);
  await page.goto('/dashboard');
  const rename = page.getByRole('button', { name: 'Rename Spelling Words' });
  await rename.focus();
  await page.keyboard.press('Enter');
  const field = page.getByLabel('New title for Spelling Words');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'New title for Spelling Words');
  // Escape cancels and gives focus back to Rename.
  await page.keyboard.press('Escape');
  await field.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Rename Spelling Words');

  await page.keyboard.press('Enter');
  await field.fill('Spelling, week 4');
  await page.keyboard.press('Enter');
  await page.getByRole('link', { name: 'Spelling, week 4' }).waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Rename Spelling, week 4');
  assert.deepEqual((await suite.server.listWorksheets(user.token)).map((w) => w.document_title), ['Spelling, week 4']);

  await page.getByRole('button', { name: 'Duplicate Spelling, week 4' }).click();
  await page.getByRole('status').filter({ hasText: 'Duplicated as “Spelling, week 4 (copy)”.' }).waitFor();
  await page.getByRole('link', { name: 'Spelling, week 4 (copy)' }).waitFor();
  assert.equal((await suite.server.listWorksheets(user.token)).length, 2);
  await page.context().close();
});

test('each worksheet shows a picture of its first page', async () => {
  const { user, page } = await seeded('thumb', ['Picture Sheet']);
  // A picture is a compile: a hand-written sheet is drawn for a subscriber (free users get
  // pictures of the sheets the server made for them).
  await suite.server.setSubscription(user.id, 'active');
  const pictures = [];
  page.on('response', (r) => {
    if (/\/worksheet\/[^/]+\/thumbnail$/.test(new URL(r.url()).pathname)) pictures.push(r);
  });
  await page.goto('/dashboard');
  const img = page.getByTestId('worksheet-row').getByTestId('thumbnail').locator('img');
  await img.waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => {
    const i = document.querySelector('[data-testid="thumbnail"] img');
    return i instanceof HTMLImageElement && i.complete && i.naturalWidth > 0;
  });
  assert.equal(await img.evaluate((i) => i.naturalWidth), 360);
  assert.equal(pictures.length, 1);
  assert.equal(pictures[0].headers()['content-type'], 'image/png');
  await page.context().close();
});

test('on a phone the dashboard is cards that fit the screen, and the title opens the worksheet', async () => {
  const { page } = await seeded('cards', ['A worksheet with a very long title that must wrap on a phone', 'Short']);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await page.getByTestId('worksheet-row').first().waitFor();
  assert.equal(await page.locator('table').count(), 0);
  assert.equal(await page.getByRole('list', { name: 'My worksheets' }).getByRole('listitem').count(), 2);
  const card = page.getByTestId('worksheet-row').filter({ hasText: 'Short' });
  for (const name of ['Generate Answer Key', 'Rename Short', 'Duplicate Short', 'Delete Short']) {
    const box = await card.getByRole('button', { name }).boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `${name} is on screen`);
  }
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390));
  await card.getByRole('link', { name: 'Short' }).click();
  await page.getByRole('heading', { name: 'Short' }).waitFor();
  await page.context().close();
});
