// On a phone the generator stacks the preview under the chat: when a worksheet (or an edit) is
// ready, the page brings the preview into view, and the keyboard focus stays where it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './helpers/suite.mjs';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';

const suite = serverAndBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

async function activeUser(prefix) {
  const user = await suite.server.createUser(uniqueEmail(prefix), `${prefix}-password-1`);
  await suite.server.setSubscription(user.id, 'active');
  return user;
}

/** Whether the preview panel's top is inside the window, as the teacher sees it. */
function previewTopInView(page) {
  return page.evaluate(() => {
    const top = document.querySelector('section[aria-label="PDF preview"]').getBoundingClientRect().top;
    return top >= 0 && top < window.innerHeight;
  });
}

async function waitForPreviewInView(page) {
  await page.waitForFunction(() => {
    const top = document.querySelector('section[aria-label="PDF preview"]')?.getBoundingClientRect().top;
    return top !== undefined && top >= 0 && top < window.innerHeight;
  }, undefined, { timeout: 60_000 });
}

for (const reducedMotion of ['no-preference', 'reduce']) {
  test(`on a phone (${reducedMotion} motion) the preview comes into view after Generate and after each edit; focus stays in the prompt`, async () => {
    const user = await activeUser('phone');
    const page = await newPage(suite.browser, suite.server.baseUrl, user, { ...PHONE, reducedMotion });
    await page.goto('/app');
    await page.getByLabel('Document Title').fill('Addition Practice');
    const prompt = page.getByLabel('Describe your worksheet');
    await prompt.fill('12 two-digit addition problems for grade 2');
    // Stacked: before anything is made, the preview is below the fold.
    assert.equal(await previewTopInView(page), false);
    await prompt.press('Enter');

    await waitForPreviewInView(page);
    await page.getByRole('button', { name: 'Save To Dashboard' }).and(page.locator(':not([aria-disabled])')).waitFor();
    // Scrolling does not take the keyboard's place.
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'prompt');

    // An edit: the teacher scrolls back up to the prompt, asks, and is brought to the new preview.
    await page.evaluate(() => window.scrollTo(0, 0));
    assert.equal(await previewTopInView(page), false);
    await prompt.fill('only 6 problems');
    await prompt.press('Enter');
    await page.getByTestId('edits-left').getByText('Edits left: 14').waitFor({ timeout: 60_000 });
    await waitForPreviewInView(page);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'prompt');

    // Sent with the Generate button from the keyboard: the button is disabled while it runs, and
    // focus goes back to the prompt rather than to the page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await prompt.fill('make them harder');
    await page.keyboard.press('Tab'); // past the hint to Generate
    assert.equal(await page.evaluate(() => document.activeElement?.textContent.trim()), 'Generate Worksheet');
    await page.keyboard.press('Enter');
    await page.getByTestId('edits-left').getByText('Edits left: 13').waitFor({ timeout: 60_000 });
    await waitForPreviewInView(page);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'prompt');
    await page.context().close();
  });
}
