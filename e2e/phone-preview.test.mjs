// Issue 23, item 2: on a phone without an inline PDF viewer (Android's Chrome), looking at a
// worksheet shows its pages as pictures and ends no editing; Download and Open stay the steps
// that lock it, behind the viewer's warning.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './helpers/suite.mjs';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';
import { expectNoSeriousA11yViolations } from './helpers/axe.mjs';

const suite = serverAndBrowser();

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** A phone whose Chrome, like Android's, has no PDF viewer inside the page. */
async function androidPhone(user) {
  const page = await newPage(suite.browser, suite.server.baseUrl, user, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: ANDROID_CHROME,
  });
  await page.context().addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'pdfViewerEnabled', { get: () => false, configurable: true });
  });
  return page;
}

/** Waits until every page image in `scope` has loaded; returns their natural sizes and alt texts. */
async function loadedPages(page, testId) {
  const images = page.getByTestId(testId).getByRole('img');
  await images.first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    (id) => {
      const imgs = [...document.querySelectorAll(`[data-testid="${id}"] img`)];
      return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0);
    },
    testId,
    { timeout: 30_000 },
  );
  return page.getByTestId(testId).locator('img').evaluateAll((imgs) =>
    imgs.map((i) => ({ width: i.naturalWidth, height: i.naturalHeight, alt: i.alt, src: i.getAttribute('src') })),
  );
}

test('on an Android phone the preview shows the pages as pictures, and the worksheet stays editable', async () => {
  const user = await suite.server.createUser(uniqueEmail('phone-preview'), 'phone-preview-password-1');
  await suite.server.setSubscription(user.id, 'active');
  const page = await androidPhone(user);
  await page.goto('/app');
  await page.getByLabel('Document Title').fill('Phone Practice');
  await page.getByLabel('Describe your worksheet').fill('12 two-digit addition problems for grade 2');
  await page.getByLabel('Describe your worksheet').press('Enter');

  const first = await loadedPages(page, 'pdf-preview-pages');
  assert.ok(first.length >= 1);
  for (const [i, img] of first.entries()) {
    assert.ok(img.width >= 600 && img.height > img.width, `page ${i + 1} is a legible portrait page: ${JSON.stringify(img)}`);
    assert.equal(img.alt, `Page ${i + 1} of ${first.length}: Worksheet preview`);
  }
  assert.equal(await page.locator('iframe').count(), 0, 'no PDF frame, which would offer only a download');
  await expectNoSeriousA11yViolations(page, 'generator preview as page images');

  // Looking locked nothing: a follow-up edit works and the preview shows the edited pages.
  await page.getByRole('button', { name: 'Save To Dashboard' }).click();
  await page.getByTestId('chat-message').filter({ hasText: 'Worksheet saved to your dashboard.' }).waitFor();
  await page.getByLabel('Describe your worksheet').fill('only 6 problems');
  await page.getByLabel('Describe your worksheet').press('Enter');
  await page.getByTestId('edits-left').getByText('Edits left: 14').waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    (old) => {
      const img = document.querySelector('[data-testid="pdf-preview-pages"] img');
      return img && img.getAttribute('src') !== old && img.complete && img.naturalWidth > 0;
    },
    first[0].src,
    { timeout: 60_000 },
  );
  assert.equal(await page.getByRole('alert').count(), 0);
  const [saved] = await suite.server.listWorksheets(user.token);
  const detail = async () =>
    (await (await fetch(`${suite.server.baseUrl}/worksheet/${saved.id}`, { headers: { Authorization: `Bearer ${user.token}` } })).json()).worksheet;
  assert.equal((await detail()).edit_count, 1, 'the edit reached the saved worksheet');

  // The viewer shows the pages too; still nothing is locked until Open or Download.
  await page.goto(`/view-worksheet/${saved.id}`);
  const viewed = await loadedPages(page, 'pdf-pages');
  assert.ok(viewed.length >= 1);
  assert.equal(viewed[0].alt, `Page 1 of ${viewed.length}: Phone Practice`);
  assert.equal(await page.locator('iframe').count(), 0);
  await expectNoSeriousA11yViolations(page, 'viewer as page images');
  assert.equal((await detail()).downloaded_at, '', 'looking at the pages is not a download');
  await page.getByRole('link', { name: 'Edit in Generator' }).waitFor();
  await page.getByRole('button', { name: 'Open PDF' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open PDF and end editing?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  assert.equal((await detail()).downloaded_at, '');
  await page.context().close();
});
