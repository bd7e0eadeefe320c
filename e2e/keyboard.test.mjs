// A teacher with only a keyboard: sign in → generate → save → open → download (confirm) →
// duplicate, at desktop size and on a 390 × 844 phone. Every step is Tab, Enter or typing;
// each control reached shows a focus ring.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './helpers/suite.mjs';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';

const suite = serverAndBrowser();

/** Presses Tab until `target` has focus (at most `max` times), then checks its focus ring. */
async function tabTo(page, target, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      const ring = await target.evaluate((el) => {
        const s = getComputedStyle(el);
        return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
      });
      assert.ok(ring.style !== 'none' && ring.width >= 2, `visible focus ring on ${await target.evaluate((el) => el.outerHTML.slice(0, 80))}`);
      return;
    }
  }
  throw new Error(`Tab never reached ${target}`);
}

for (const size of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`keyboard only: sign in, generate, save, open, download (confirmed), duplicate (${size.name})`, async () => {
    const password = 'keyboard-password-1';
    const user = await suite.server.createUser(uniqueEmail(`kb-${size.name}`), password);
    await suite.server.setSubscription(user.id, 'active');
    const page = await newPage(suite.browser, suite.server.baseUrl); // signed out
    await page.setViewportSize(size);

    // Sign in from the landing page.
    await page.goto('/');
    await tabTo(page, page.getByRole('button', { name: 'Log In / Sign Up' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await dialog.waitFor();
    await page.keyboard.type(user.email); // the e-mail field has focus
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');

    // New Worksheet (behind the Menu button on a phone).
    if (size.width < 768) {
      await tabTo(page, page.getByRole('button', { name: 'Menu' }));
      await page.keyboard.press('Enter');
    }
    await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New Worksheet' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/app');

    await tabTo(page, page.getByLabel('Document Title'));
    await page.keyboard.type('Keyboard Sums');
    await tabTo(page, page.getByLabel('Describe your worksheet'));
    await page.keyboard.type('10 two-digit addition problems');
    await page.keyboard.press('Enter');
    await page.getByTestId('pdf-preview').waitFor({ timeout: 60_000 });

    await tabTo(page, page.getByRole('button', { name: 'Save To Dashboard' }));
    await page.keyboard.press('Enter');
    await page.getByTestId('save-state').getByText(/^Saved /).waitFor();

    // Back to the dashboard and open the worksheet by its title link.
    await tabTo(page, page.getByRole('button', { name: '← Dashboard' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    await tabTo(page, page.getByRole('link', { name: 'Keyboard Sums' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/view-worksheet/**');
    await page.locator('iframe').waitFor({ timeout: 60_000 });

    // Download: the warning first, focus on Cancel, then the confirming button.
    await tabTo(page, page.getByRole('button', { name: 'Download PDF' }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Download PDF and end editing?' });
    await confirm.waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Cancel');
    await page.keyboard.press('Tab');
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    assert.equal((await download).suggestedFilename(), 'keyboard_sums.pdf');
    await confirm.waitFor({ state: 'detached' });
    // Focus went back to the button that opened the question.
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Download PDF');

    // Locked now: duplicate it as a new, editable worksheet.
    await page.getByTestId('locked-note').waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Duplicate as new worksheet' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/app');
    await page.getByText('Loaded worksheet: Keyboard Sums (copy)').waitFor({ timeout: 30_000 });
    assert.equal(await page.getByLabel('Describe your worksheet').isDisabled(), false);
    const titles = (await suite.server.listWorksheets(user.token)).map((w) => w.document_title).sort();
    assert.deepEqual(titles, ['Keyboard Sums', 'Keyboard Sums (copy)']);
    await page.context().close();
  });
}
