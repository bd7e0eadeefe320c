// Settings that print (issue 22): the paper starts from the browser's locale, the teacher's
// choice of A4 and large print is remembered, and the preview PDF is A4 in large type.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverAndBrowser } from './helpers/suite.mjs';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';
import { expectNoSeriousA11yViolations } from './helpers/axe.mjs';

const suite = serverAndBrowser();

async function activeUser(prefix) {
  const user = await suite.server.createUser(uniqueEmail(prefix), `${prefix}-password-1`);
  await suite.server.setSubscription(user.id, 'active');
  return user;
}

/** What pdfinfo, pdffonts and pdftotext -bbox read from a PDF: its page size, its fonts and the median word height (pt). */
function readPdf(bytes) {
  const dir = mkdtempSync(join(tmpdir(), 'sheetsmith-print-'));
  try {
    const file = join(dir, 'sheet.pdf');
    writeFileSync(file, bytes);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    const bbox = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
    const heights = [...bbox.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">[A-Za-z]{3,}<\/word>/g)]
      .map((m) => Number(m[2]) - Number(m[1]))
      .sort((a, b) => a - b);
    return {
      pageSize: /Page size:\s*(.*)/.exec(info)?.[1].trim(),
      fonts,
      wordHeight: heights[Math.floor(heights.length / 2)],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the paper starts from the browser’s locale: Letter in the US, A4 in Germany', async () => {
  const user = await activeUser('paper-locale');
  for (const [locale, paper] of [
    ['en-US', 'letter'],
    ['de-DE', 'a4'],
    ['en-GB', 'a4'],
  ]) {
    const page = await newPage(suite.browser, suite.server.baseUrl, user, { locale });
    await page.goto('/app');
    const select = page.getByLabel('Paper');
    await select.waitFor();
    assert.equal(await select.inputValue(), paper, `${locale} starts on ${paper}`);
    assert.equal(await page.getByLabel('Large print (18 pt)').isChecked(), false);
    assert.equal(await page.getByLabel('Font').inputValue(), 'default');
    await page.context().close();
  }
});

test('a teacher in the US chooses A4 and large print: the preview is an A4 page in large type, and her choice is remembered', async () => {
  const user = await activeUser('paper-a4');
  const page = await newPage(suite.browser, suite.server.baseUrl, user, { locale: 'en-US' });
  await page.goto('/app');
  await page.getByLabel('Document Title').fill('Big Sums');
  await page.getByLabel('Paper').selectOption('a4');
  await page.getByLabel('Large print (18 pt)').check();
  await expectNoSeriousA11yViolations(page, 'the generator with its print settings');

  const prompt = page.getByLabel('Describe your worksheet');
  await prompt.fill('8 two-digit addition problems for grade 2');
  await prompt.press('Enter');
  const frame = page.getByTestId('pdf-preview');
  await frame.waitFor({ timeout: 60_000 });
  const pdf = await page.request.get(await frame.getAttribute('src'));
  assert.equal(pdf.status(), 200);
  const sheet = readPdf(await pdf.body());
  assert.equal(sheet.pageSize, '595.276 x 841.89 pts (A4)');
  // An 18 pt sans face: Nimbus Sans (Helvetica's twin) with words about 17 pt high; 11 pt type is about 10.
  assert.match(sheet.fonts, /NimbusSanL/);
  assert.ok(sheet.wordHeight > 15, `the words are ${sheet.wordHeight} pt high: not large print`);

  // Her choice is her default for the next sheet, in this browser.
  await page.reload();
  await page.getByLabel('Paper').waitFor();
  assert.equal(await page.getByLabel('Paper').inputValue(), 'a4');
  assert.equal(await page.getByLabel('Large print (18 pt)').isChecked(), true);
  await page.context().close();
});
