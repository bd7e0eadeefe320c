// Issue 23, item 1: what prints is the worksheet's name. A rename on the dashboard, or a title
// changed in Document Settings before Save, is the heading of the sheet and of its answer key.
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
const scratch = mkdtempSync(join(tmpdir(), 'sheetsmith-title-'));

async function activeUser(prefix) {
  const user = await suite.server.createUser(uniqueEmail(prefix), `${prefix}-password-1`);
  await suite.server.setSubscription(user.id, 'active');
  return user;
}

/** Generates a sheet in the generator under `title` (offline engine) and waits for its preview. */
async function generateIn(page, title) {
  await page.goto('/app');
  await page.getByLabel('Document Title').fill(title);
  await page.getByLabel('Describe your worksheet').fill('8 two-digit addition problems for grade 2');
  await page.getByLabel('Describe your worksheet').press('Enter');
  await page.getByTestId('pdf-preview').waitFor({ timeout: 60_000 });
}

async function saveFromGenerator(page) {
  await page.getByRole('button', { name: 'Save To Dashboard' }).click();
  await page.getByTestId('chat-message').filter({ hasText: 'Worksheet saved to your dashboard.' }).waitFor();
}

/** The text of the PDF a viewer screen shows, as pdftotext reads it from the served PDF. */
async function printedText(page, open) {
  const compiled = page.waitForResponse((r) => new URL(r.url()).pathname === '/compile' && r.request().method() === 'POST', { timeout: 60_000 });
  await open();
  const answer = await compiled;
  assert.equal(answer.status(), 200);
  const { pdfUrl } = await answer.json();
  const pdf = await page.request.get(pdfUrl);
  assert.equal(pdf.status(), 200);
  const file = join(scratch, `${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, await pdf.body());
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

function assertPrints(text, title, old, what) {
  assert.ok(text.includes(title), `the ${what} should print “${title}”:\n${text.slice(0, 400)}`);
  assert.ok(!text.includes(old), `the ${what} still prints the old title “${old}”`);
}

test('after a rename on the dashboard the viewer and the answer key print the new title', async () => {
  const user = await activeUser('retitle');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await generateIn(page, 'Old Heading');
  await saveFromGenerator(page);
  const [{ id }] = await suite.server.listWorksheets(user.token);

  // The key is made first, under the old name; the rename has to carry over to it too.
  await page.goto('/dashboard');
  const row = page.getByTestId('worksheet-row').filter({ hasText: 'Old Heading' });
  await row.getByRole('button', { name: 'Generate Answer Key' }).click();
  await row.getByRole('button', { name: 'View Answer Key' }).waitFor({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Rename Old Heading' }).click();
  await page.getByLabel('New title for Old Heading').fill('Sums for Friday');
  await page.keyboard.press('Enter');
  const link = page.getByRole('link', { name: 'Sums for Friday' });
  await link.waitFor();

  const sheet = await printedText(page, () => link.click());
  await page.getByRole('heading', { name: 'Sums for Friday' }).waitFor();
  assertPrints(sheet, 'Sums for Friday', 'Old Heading', 'sheet');

  const key = await printedText(page, () => page.goto(`/view-answer-key/${id}`));
  assertPrints(key, 'Sums for Friday', 'Old Heading', 'answer key');
  assert.ok(key.includes('Answer Key'), 'the key says it is the answer key');
  await page.context().close();
});

test('a title changed in Document Settings before Save is the title the saved sheet and its key print', async () => {
  const user = await activeUser('titlesave');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await generateIn(page, 'Generated Heading');
  await page.getByLabel('Document Title').fill('Renamed Before Saving');
  await saveFromGenerator(page);
  const [saved] = await suite.server.listWorksheets(user.token);
  assert.equal(saved.document_title, 'Renamed Before Saving');

  await page.goto('/dashboard');
  const link = page.getByRole('link', { name: 'Renamed Before Saving' });
  const sheet = await printedText(page, () => link.click());
  assertPrints(sheet, 'Renamed Before Saving', 'Generated Heading', 'sheet');

  await page.goto('/dashboard');
  const row = page.getByTestId('worksheet-row').filter({ hasText: 'Renamed Before Saving' });
  await row.getByRole('button', { name: 'Generate Answer Key' }).click();
  await row.getByRole('button', { name: 'View Answer Key' }).waitFor({ timeout: 60_000 });
  const key = await printedText(page, () => row.getByRole('button', { name: 'View Answer Key' }).click());
  assertPrints(key, 'Renamed Before Saving', 'Generated Heading', 'answer key');
  await page.context().close();
});
