// Issue 21: without a model, the generator's word-search example chip makes a word search from
// the teacher's words: the preview prints a letter grid in which every word can be read, and
// "another version" in the chat lays the same words out again.
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
const scratch = mkdtempSync(join(tmpdir(), 'sheetsmith-wordsearch-'));
const CHIP = 'Word search with these words: sun, moon, star, planet, comet, orbit';
const WORDS = ['SUN', 'MOON', 'STAR', 'PLANET', 'COMET', 'ORBIT'];

/** The text of the PDF the preview frame shows, as pdftotext reads it. */
async function previewText(page, src) {
  const pdf = await page.request.get(src);
  assert.equal(pdf.status(), 200);
  const file = join(scratch, `${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, await pdf.body());
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The letter grid printed in a PDF's text: its lines of ten or more single capitals. */
function gridOf(text) {
  return text
    .split('\n')
    .filter((l) => /^\s*(?:[A-Z]\s+){9,}[A-Z]\s*$/.test(l))
    .map((l) => l.replace(/\s+/g, ''));
}

/** Whether word can be read in grid across, down or diagonally, forwards or backwards. */
function readable(grid, word) {
  const dirs = [[0, 1], [1, 0], [1, 1], [-1, 1], [0, -1], [-1, 0], [-1, -1], [1, -1]];
  for (let r = 0; r < grid.length; r++) {
    for (let c = 0; c < grid[r].length; c++) {
      for (const [dr, dc] of dirs) {
        let i = 0;
        while (i < word.length && grid[r + i * dr]?.[c + i * dc] === word[i]) i++;
        if (i === word.length) return true;
      }
    }
  }
  return false;
}

/** Waits for the preview to show a PDF other than `old` and returns its source and text. */
async function nextPreview(page, old) {
  const frame = page.getByTestId('pdf-preview');
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const src = await frame.getAttribute('src', { timeout: 60_000 }).catch(() => null);
    if (src && src !== old) return { src, text: await previewText(page, src) };
    await page.waitForTimeout(250);
  }
  assert.fail('the preview never showed a new PDF');
}

test('the word-search example chip makes a word search, and "another version" lays it out again', async () => {
  const user = await suite.server.createUser(uniqueEmail('wordsearch'), 'wordsearch-password-1');
  await suite.server.setSubscription(user.id, 'active');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/app');
  await page.getByLabel('Document Title').fill('Space Words');
  await page.getByRole('button', { name: CHIP }).click();
  const prompt = page.getByLabel('Describe your worksheet');
  assert.equal(await prompt.inputValue(), CHIP);
  await prompt.press('Enter');

  const first = await nextPreview(page, null);
  const grid = gridOf(first.text);
  assert.ok(grid.length >= 10 && grid.every((row) => row.length === grid.length), `a square grid:\n${first.text}`);
  for (const w of WORDS) assert.ok(readable(grid, w), `${w} is in the printed grid:\n${grid.join('\n')}`);
  assert.match(first.text, /Space Words/);
  assert.match(first.text, /Find these words: sun, moon, star, planet, comet, orbit\./);
  const reply = page.locator('[data-testid="chat-message"][data-role="assistant"] .chat-bubble');
  await reply.filter({ hasText: 'Here is a word search with 6 words' }).waitFor();

  await prompt.fill('another version');
  await prompt.press('Enter');
  const second = await nextPreview(page, first.src);
  const again = gridOf(second.text);
  for (const w of WORDS) assert.ok(readable(again, w), `${w} is in the new grid:\n${again.join('\n')}`);
  assert.notDeepEqual(again, grid, 'another version lays the words out anew');
  await page.context().close();
});
