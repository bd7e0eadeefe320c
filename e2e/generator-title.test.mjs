// Issue 23, item 1, in the generator: after Save under a changed title, or a rename of a saved
// worksheet (leaving the title field), the preview prints the new title, not the heading the
// sheet was generated with, and the next edit starts from the renamed sheet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverAndBrowser } from './helpers/suite.mjs';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';

const suite = serverAndBrowser();
const scratch = mkdtempSync(join(tmpdir(), 'sheetsmith-generator-title-'));

async function activeUser(prefix) {
  const user = await suite.server.createUser(uniqueEmail(prefix), `${prefix}-password-1`);
  await suite.server.setSubscription(user.id, 'active');
  return user;
}

/** The text of the PDF the generator's preview frame shows, as pdftotext reads it. */
async function previewText(page, src) {
  const pdf = await page.request.get(src);
  assert.equal(pdf.status(), 200);
  const file = join(scratch, `${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, await pdf.body());
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/**
 * Waits for the preview to print `title` (each PDF the frame shows is read once) and asserts it
 * no longer prints `old`; fails with the last text read when the preview never prints it.
 */
async function assertPreviewPrints(page, title, old) {
  const frame = page.getByTestId('pdf-preview');
  let seen = null;
  let text = '';
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const src = await frame.getAttribute('src', { timeout: 60_000 }).catch(() => null);
    if (src && src !== seen) {
      seen = src;
      text = await previewText(page, src);
      if (text.includes(title)) break;
    }
    await page.waitForTimeout(250);
  }
  assert.ok(text.includes(title), `the generator's preview should print “${title}”:\n${text.slice(0, 400)}`);
  if (old) assert.ok(!text.includes(old), `the generator's preview still prints the old title “${old}”`);
}

const chat = (page) => page.getByTestId('chat-message');
const saveButton = (page) => page.getByRole('button', { name: /Save(d)? To Dashboard/i });

test('the preview prints the title the worksheet was saved under, and then its new name after a rename', async () => {
  const user = await activeUser('gentitle');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/app');
  const title = page.getByLabel('Document Title');
  const prompt = page.getByLabel('Describe your worksheet');
  await title.fill('Generated Heading');
  await prompt.fill('8 two-digit addition problems for grade 2');
  await prompt.press('Enter');
  await page.getByTestId('pdf-preview').waitFor({ timeout: 60_000 });
  await assertPreviewPrints(page, 'Generated Heading');
  await page.getByTestId('edits-left').getByText('Edits left: 15').waitFor();

  // A new title typed before Save: the preview prints it once saved.
  await title.fill('Saved Heading');
  await page.getByRole('button', { name: 'Save To Dashboard' }).click();
  await chat(page).filter({ hasText: 'Worksheet saved to your dashboard.' }).waitFor();
  await assertPreviewPrints(page, 'Saved Heading', 'Generated Heading');
  // Nothing the teacher made is lost: the chat, the edits left, and Saved.
  assert.equal(await chat(page).count(), 3);
  await page.getByTestId('edits-left').getByText('Edits left: 15').waitFor();
  await saveButton(page).and(page.locator('[data-state="saved"]')).waitFor();
  assert.deepEqual((await suite.server.listWorksheets(user.token)).map((w) => w.document_title), ['Saved Heading']);

  // A rename of the saved worksheet (leaving the title field): the preview prints the new name.
  await title.fill('Renamed Heading');
  await title.press('Tab');
  await assertPreviewPrints(page, 'Renamed Heading', 'Saved Heading');
  await saveButton(page).and(page.locator('[data-state="saved"]')).waitFor();
  assert.equal(await chat(page).count(), 3);
  await page.getByTestId('edits-left').getByText('Edits left: 15').waitFor();
  assert.deepEqual((await suite.server.listWorksheets(user.token)).map((w) => w.document_title), ['Renamed Heading']);

  // The next edit starts from the renamed sheet: it still prints the new name, and counts once.
  await prompt.fill('only 6 problems');
  await prompt.press('Enter');
  await page.getByTestId('edits-left').getByText('Edits left: 14').waitFor({ timeout: 60_000 });
  await assertPreviewPrints(page, 'Renamed Heading', 'Saved Heading');
  assert.equal(await chat(page).count(), 5);
  await page.context().close();
});

test('on a phone a rename reprints the preview without pulling the page away from the prompt', async () => {
  const user = await activeUser('phonetitle');
  const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, reducedMotion: 'reduce' };
  const page = await newPage(suite.browser, suite.server.baseUrl, user, PHONE);
  await page.goto('/app');
  const title = page.getByLabel('Document Title');
  const prompt = page.getByLabel('Describe your worksheet');
  await title.fill('Phone Heading');
  await prompt.fill('8 two-digit addition problems for grade 2');
  await prompt.press('Enter');
  const shown = page.locator('[data-testid="pdf-preview"], [data-testid="pdf-preview-pages"]');
  await shown.waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Save To Dashboard' }).click();
  await chat(page).filter({ hasText: 'Worksheet saved to your dashboard.' }).waitFor();

  // Back at the top, the teacher renames the sheet and goes on to the prompt to ask for an edit.
  await page.evaluate(() => window.scrollTo(0, 0));
  await title.fill('Phone Renamed');
  const compiled = page.waitForResponse((r) => new URL(r.url()).pathname === '/compile' && r.request().method() === 'POST', { timeout: 60_000 });
  await prompt.tap();
  const where = await page.evaluate(() => window.scrollY); // tapping brings the prompt into view
  const answer = await compiled;
  const { pdfUrl } = await answer.json();
  const text = await previewText(page, pdfUrl);
  assert.ok(text.includes('Phone Renamed'), `the reprinted preview should print the new title:\n${text.slice(0, 400)}`);
  await shown.waitFor();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  assert.equal(await page.evaluate(() => window.scrollY), where, 'the page stays where the teacher is');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'prompt');
  await page.context().close();
});
