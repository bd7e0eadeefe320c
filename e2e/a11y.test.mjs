// Accessibility on every route and state: axe-core (no serious or critical violation), a
// distinct tab title per route, nothing scrolling sideways on phones, and dialogs that keep
// and return focus. At desktop size and at 390 × 844.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './helpers/suite.mjs';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';
import { expectNoSeriousA11yViolations } from './helpers/axe.mjs';

const suite = serverAndBrowser();
const SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

async function noSidewaysScroll(page, what) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  assert.ok(scroll <= client, `${what}: the page scrolls sideways (${scroll} px in ${client} px)`);
}

/** Visits, waits for `ready`, then checks axe, the title and (on phones) sideways scrolling. */
async function check(page, size, path, ready, expectedTitle) {
  await page.goto(path);
  await ready();
  const what = `${path} at ${size.name}`;
  await expectNoSeriousA11yViolations(page, what);
  if (expectedTitle) assert.equal(await page.title(), expectedTitle, `${what}: tab title`);
  if (size.width < 500) await noSidewaysScroll(page, what);
  return page.title();
}

for (const size of SIZES) {
  test(`visitor pages pass axe and have their own titles (${size.name})`, async () => {
    const page = await newPage(suite.browser, suite.server.baseUrl);
    await page.setViewportSize(size);
    const titles = new Set();
    titles.add(await check(page, size, '/', () => page.getByRole('heading', { name: 'Pricing' }).waitFor(), 'Sheetsmith — AI worksheet generator'));
    // The About, Pricing and FAQ anchors are there at every size.
    for (const name of ['About', 'Pricing', 'FAQ']) {
      assert.equal(await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name }).isVisible(), true, `${name} link`);
    }
    for (const [path, name] of [['/login', 'Log In'], ['/signup', 'Sign Up'], ['/forgot-password', 'Forgot Password']]) {
      titles.add(await check(page, size, path, () => page.getByRole('dialog', { name }).waitFor(), `${name} · Sheetsmith`));
    }
    for (const [path, heading] of [['/terms', 'Terms of Service'], ['/privacy', 'Privacy Policy'], ['/contact', 'Contact'], ['/reset-password', 'Reset Password'], ['/reset-password/some-token', 'Reset Password']]) {
      titles.add(await check(page, size, path, () => page.getByRole('heading', { name: heading, exact: true }).waitFor(), `${heading} · Sheetsmith`));
    }
    // The sign-up form with an error shown.
    await page.goto('/signup');
    const dialog = page.getByRole('dialog', { name: 'Sign Up' });
    await dialog.getByLabel('I agree').check();
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await dialog.getByRole('alert').waitFor();
    await expectNoSeriousA11yViolations(page, `sign-up error at ${size.name}`);
    assert.equal(titles.size, 8, 'each page its own title (the two reset pages share one)');
    await page.context().close();
  });

  test(`signed-in pages pass axe in each state (${size.name})`, async () => {
    const free = await suite.server.createUser(uniqueEmail('a11y-free'), 'a11y-password-1');
    const page = await newPage(suite.browser, suite.server.baseUrl, free);
    await page.setViewportSize(size);
    await check(page, size, '/dashboard', () => page.getByTestId('empty-state').waitFor(), 'My Worksheets · Sheetsmith');
    await check(page, size, '/templates', () => page.getByRole('radio', { name: /Exam Format/ }).waitFor(), 'Templates · Sheetsmith');
    await check(page, size, '/account', () => page.getByRole('button', { name: 'See Subscription Options' }).waitFor(), 'Account Settings · Sheetsmith');
    await check(page, size, '/app', () => page.getByRole('heading', { name: 'Subscription Required' }).waitFor(), 'New Worksheet · Sheetsmith');

    await suite.server.saveWorksheet(free.token, 'Spelling Words');
    await check(page, size, '/dashboard', () => page.getByTestId('worksheet-row').first().waitFor());
    // Selected, renaming, and after a duplicate (a notice and two rows).
    await page.getByLabel('Select Spelling Words').check();
    await page.getByTestId('selection-bar').waitFor();
    await page.getByRole('button', { name: 'Rename Spelling Words' }).click();
    await page.getByLabel('New title for Spelling Words').waitFor();
    await expectNoSeriousA11yViolations(page, `dashboard selecting and renaming at ${size.name}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Duplicate Spelling Words' }).click();
    await page.getByRole('link', { name: 'Spelling Words (copy)' }).waitFor();
    await page.getByLabel('Search by title').fill('copy');
    await expectNoSeriousA11yViolations(page, `dashboard after a duplicate, searching at ${size.name}`);
    if (size.width < 500) {
      // The sidebar is a menu on phones.
      const menu = page.getByRole('button', { name: 'Menu' });
      assert.equal(await menu.getAttribute('aria-expanded'), 'false');
      assert.equal(await page.getByRole('link', { name: 'Account Settings' }).isVisible(), false);
      await menu.click();
      assert.equal(await menu.getAttribute('aria-expanded'), 'true');
      await page.getByRole('link', { name: 'Account Settings' }).waitFor();
      await expectNoSeriousA11yViolations(page, `open menu at ${size.name}`);
    }
    await check(page, size, '/view-worksheet/nosuchsheet00000', () => page.getByTestId('viewer-error').waitFor({ timeout: 20_000 }), 'Worksheet · Sheetsmith');
    await check(page, size, '/view-answer-key/nosuchsheet00000', () => page.getByTestId('viewer-error').waitFor({ timeout: 20_000 }), 'Answer Key · Sheetsmith');
    await page.context().close();
  });

  test(`the generator, the viewers and the lock dialog pass axe (${size.name})`, async () => {
    const user = await suite.server.createUser(uniqueEmail('a11y-active'), 'a11y-password-1');
    await suite.server.setSubscription(user.id, 'active');
    const page = await newPage(suite.browser, suite.server.baseUrl, user);
    await page.setViewportSize(size);
    await check(page, size, '/app', () => page.getByRole('button', { name: '20 two-digit addition problems for grade 2' }).waitFor());

    // A failed generation (the offline engine cannot write poems), then a good one.
    await page.getByLabel('Document Title').fill('Addition Practice');
    await page.getByLabel('Describe your worksheet').fill('write me a poem about autumn');
    await page.getByLabel('Describe your worksheet').press('Enter');
    await page.getByRole('alert').waitFor({ timeout: 60_000 });
    await expectNoSeriousA11yViolations(page, `generator after a failure at ${size.name}`);
    await page.getByLabel('Describe your worksheet').fill('12 two-digit addition problems');
    await page.getByLabel('Describe your worksheet').press('Enter');
    await page.getByTestId('pdf-preview').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Save To Dashboard' }).click();
    await page.getByTestId('save-state').getByText(/^Saved \d{1,2}:\d\d [AP]M$/).waitFor();
    await expectNoSeriousA11yViolations(page, `generator after saving at ${size.name}`);
    if (size.width < 500) await noSidewaysScroll(page, 'generator with a PDF');
    const [saved] = await suite.server.listWorksheets(user.token);

    await check(page, size, `/view-worksheet/${saved.id}`, () => page.locator('iframe').waitFor({ timeout: 60_000 }), 'Addition Practice · Sheetsmith');
    assert.equal(await page.locator('iframe').getAttribute('title'), 'Addition Practice (PDF)');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    await page.getByRole('dialog', { name: 'Download PDF and end editing?' }).waitFor();
    await expectNoSeriousA11yViolations(page, `lock dialog at ${size.name}`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const file = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Download PDF' }).click();
    await file;
    await page.getByTestId('locked-note').waitFor();
    await expectNoSeriousA11yViolations(page, `locked worksheet at ${size.name}`);
    if (size.width < 500) await noSidewaysScroll(page, 'locked worksheet');

    const key = await fetch(`${suite.server.baseUrl}/generate-answer-key/${saved.id}`, { method: 'POST', headers: { Authorization: `Bearer ${user.token}` } });
    assert.equal(key.status, 200);
    await check(page, size, `/view-answer-key/${saved.id}`, () => page.locator('iframe').waitFor({ timeout: 60_000 }), 'Addition Practice — Answer Key · Sheetsmith');
    await page.context().close();
  });
}

test('dialogs keep focus inside and give it back when they close', async () => {
  const page = await newPage(suite.browser, suite.server.baseUrl);
  await page.goto('/');
  const opener = page.getByRole('button', { name: 'Log In / Sign Up' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  await dialog.waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'email');
  // Tab through more controls than the dialog has: focus never leaves it.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    assert.equal(await dialog.evaluate((d) => d.contains(document.activeElement)), true, `Tab ${i + 1} left the dialog`);
  }
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Shift+Tab');
    assert.equal(await dialog.evaluate((d) => d.contains(document.activeElement)), true, `Shift+Tab ${i + 1} left the dialog`);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Log In / Sign Up');
  await page.context().close();
});

test('nothing scrolls sideways from 320 to 430 px', async () => {
  const user = await suite.server.createUser(uniqueEmail('narrow'), 'narrow-password-1');
  await suite.server.setSubscription(user.id, 'active');
  await suite.server.saveWorksheet(user.token, 'A worksheet with a very long title that has to wrap on a small phone screen');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  for (const width of [320, 360, 430]) {
    await page.setViewportSize({ width, height: 800 });
    for (const [path, ready] of [
      ['/', () => page.getByRole('heading', { name: 'Pricing' }).waitFor()],
      ['/dashboard', () => page.getByTestId('worksheet-row').waitFor()],
      ['/templates', () => page.getByRole('radio').first().waitFor()],
      ['/account', () => page.getByTestId('subscription-label').getByText('Active Subscription').waitFor()],
      ['/app', () => page.getByLabel('Describe your worksheet').waitFor()],
      ['/terms', () => page.getByRole('heading', { name: 'Terms of Service' }).waitFor()],
    ]) {
      await page.goto(path);
      await ready();
      await noSidewaysScroll(page, `${path} at ${width} px`);
    }
  }
  await page.context().close();
});
