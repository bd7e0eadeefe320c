// Issue 22: a worksheet and its key download as Word documents and LaTeX projects from the
// viewer's and the dashboard's Download menus; the sheet's download ends its editing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { serverAndBrowser } from './helpers/suite.mjs';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';
import { expectNoSeriousA11yViolations } from './helpers/axe.mjs';

const suite = serverAndBrowser();

/** The files of a zip (stored or deflated), by name: enough of the format for .docx and our projects. */
function unzip(buf) {
  let end = buf.length - 22;
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end--;
  assert.ok(end >= 0, 'not a zip file');
  const files = {};
  let at = buf.readUInt32LE(end + 16);
  for (let i = 0; i < buf.readUInt16LE(end + 10); i++) {
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + size);
    files[name] = (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    at += 46 + nameLen + extraLen + commentLen;
  }
  return files;
}

/** The text of a Word document's body, its runs joined (Word splits words into runs). */
function wordText(xml) {
  return [...(xml ?? '').matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
}

async function downloaded(download) {
  return unzip(await readFile(await download.path()));
}

async function lockedOnServer(user, id) {
  const res = await fetch(`${suite.server.baseUrl}/worksheet/${id}`, { headers: { Authorization: `Bearer ${user.token}` } });
  return (await res.json()).worksheet.downloaded_at !== '';
}

/** A generated, saved sheet with its answer key, for a subscriber. */
async function sheetWithKey(prefix, title) {
  const user = await suite.server.createUser(uniqueEmail(prefix), `${prefix}-password-1`);
  await suite.server.setSubscription(user.id, 'active');
  const latex = await suite.server.generateLatex(user.token, '6 two-digit addition problems', title);
  const id = await suite.server.saveWorksheet(user.token, title, latex);
  const res = await fetch(`${suite.server.baseUrl}/generate-answer-key/${id}`, { method: 'POST', headers: { Authorization: `Bearer ${user.token}` } });
  assert.equal(res.status, 200, await res.text());
  return { user, id };
}

test('the viewer’s Download menu gives the sheet as Word (after asking) and LaTeX, and the key as Word; the sheet is locked', async () => {
  const { user, id } = await sheetWithKey('export', 'Export Practice');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto(`/view-worksheet/${id}`);
  await page.locator('iframe').waitFor({ timeout: 60_000 });

  const menuButton = page.getByRole('button', { name: 'Download', exact: true });
  assert.equal(await menuButton.getAttribute('aria-haspopup'), 'menu');
  assert.equal(await menuButton.getAttribute('aria-expanded'), 'false');
  await menuButton.click();
  assert.equal(await menuButton.getAttribute('aria-expanded'), 'true');
  const menu = page.getByRole('menu');
  const sheetItems = menu.getByRole('group', { name: 'Worksheet' }).getByRole('menuitem');
  assert.deepEqual(await sheetItems.allTextContents(), ['PDF', 'Word (.docx)', 'LaTeX for Overleaf (.zip)']);
  assert.deepEqual(await menu.getByRole('group', { name: 'Answer key' }).getByRole('menuitem').allTextContents(), ['PDF', 'Word (.docx)', 'LaTeX for Overleaf (.zip)']);
  await expectNoSeriousA11yViolations(page, 'the viewer with its Download menu open');

  // Word: asked first, as the PDF is; Cancel changes nothing.
  await sheetItems.filter({ hasText: 'Word' }).click();
  let dialog = page.getByRole('dialog', { name: 'Download the Word document and end editing?' });
  await dialog.getByText('can no longer be edited').waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await lockedOnServer(user, id), false, 'cancelling does not lock');

  await menuButton.click();
  await sheetItems.filter({ hasText: 'Word' }).click();
  dialog = page.getByRole('dialog', { name: 'Download the Word document and end editing?' });
  const word = page.waitForEvent('download', { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Download Word document' }).click();
  const docx = await word;
  assert.equal(docx.suggestedFilename(), 'export_practice.docx');
  const text = wordText((await downloaded(docx))['word/document.xml']);
  assert.ok(text.includes('Export Practice') && !text.includes('Answer Key'), `the Word document is the sheet: ${text.slice(0, 200)}`);
  assert.equal(await lockedOnServer(user, id), true, 'the Word download locked the worksheet');
  await page.getByTestId('locked-note').getByText('can no longer be edited').waitFor();

  // By keyboard, now without asking: Enter opens the menu on PDF, two arrows reach LaTeX.
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'PDF');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'LaTeX for Overleaf (.zip)');
  const latex = page.waitForEvent('download', { timeout: 60_000 });
  await page.keyboard.press('Enter');
  const zip = await latex;
  assert.equal(zip.suggestedFilename(), 'export_practice.zip');
  const project = await downloaded(zip);
  assert.ok(project['main.tex']?.includes('Export Practice'), `main.tex has the title; files: ${Object.keys(project)}`);
  assert.equal(await page.getByRole('dialog').count(), 0);
  // Escape closes the menu and gives focus back to its button.
  await page.keyboard.press('Enter');
  await menu.waitFor();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'Download ▾');

  // The key's Word document, named …_answer_key.docx, with its answers.
  await menuButton.click();
  const keyWord = page.waitForEvent('download', { timeout: 60_000 });
  await menu.getByRole('group', { name: 'Answer key' }).getByRole('menuitem', { name: 'Word (.docx)' }).click();
  const key = await keyWord;
  assert.equal(key.suggestedFilename(), 'export_practice_answer_key.docx');
  const keyText = wordText((await downloaded(key))['word/document.xml']);
  assert.ok(keyText.includes('Export Practice') && keyText.includes('Answer Key'), `the key's Word document: ${keyText.slice(0, 200)}`);
  await page.context().close();
});

test('the dashboard’s Download menu gives the key’s PDF at once and the sheet’s LaTeX project after asking, which locks it', async () => {
  const { user, id } = await sheetWithKey('export-dash', 'Dashboard Export');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/dashboard');
  const row = page.getByTestId('worksheet-row').filter({ hasText: 'Dashboard Export' });
  const menuButton = row.getByRole('button', { name: 'Download Dashboard Export' });
  await menuButton.click();
  const menu = page.getByRole('menu');
  const all = ['PDF', 'Word (.docx)', 'LaTeX for Overleaf (.zip)'];
  assert.deepEqual(await menu.getByRole('group', { name: 'Worksheet' }).getByRole('menuitem').allTextContents(), all);
  assert.deepEqual(await menu.getByRole('group', { name: 'Answer key' }).getByRole('menuitem').allTextContents(), all);
  await expectNoSeriousA11yViolations(page, 'the dashboard with a Download menu open');

  // The key's PDF: no question, nothing locked.
  const keyPdf = page.waitForEvent('download', { timeout: 60_000 });
  await menu.getByRole('group', { name: 'Answer key' }).getByRole('menuitem', { name: 'PDF' }).click();
  const pdf = await keyPdf;
  assert.equal(pdf.suggestedFilename(), 'dashboard_export_answer_key.pdf');
  assert.equal((await readFile(await pdf.path())).subarray(0, 5).toString(), '%PDF-');
  assert.equal(await page.getByRole('dialog').count(), 0);
  assert.equal(await lockedOnServer(user, id), false, 'the key’s download locks nothing');

  await menuButton.click();
  await menu.getByRole('group', { name: 'Worksheet' }).getByRole('menuitem', { name: 'LaTeX for Overleaf (.zip)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download the LaTeX project and end editing?' });
  await expectNoSeriousA11yViolations(page, 'the dashboard asking before an export');
  const file = page.waitForEvent('download', { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Download LaTeX project' }).click();
  const zip = await file;
  assert.equal(zip.suggestedFilename(), 'dashboard_export.zip');
  assert.ok((await downloaded(zip))['main.tex']?.includes('Dashboard Export'));
  assert.equal(page.url().endsWith('/dashboard'), true, 'the dialog’s clicks did not open the worksheet');
  assert.equal(await lockedOnServer(user, id), true);
  await page.context().close();
});
