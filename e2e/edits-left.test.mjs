// At 0 edits left (15 per worksheet) the generator takes no more requests and says why, and it
// offers Duplicate as new worksheet exactly as after a download.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './helpers/suite.mjs';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';

const suite = serverAndBrowser();
const EDITS_USED = 'This worksheet has used all 15 edits.';

async function activeUser(prefix) {
  const user = await suite.server.createUser(uniqueEmail(prefix), `${prefix}-password-1`);
  await suite.server.setSubscription(user.id, 'active');
  return user;
}

/** Opens /app with navigation state, as another screen of the app would (react-router keeps it in history.state.usr). */
async function openGeneratorWith(page, state) {
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: 'My Worksheets' }).waitFor();
  await page.evaluate((usr) => {
    window.history.pushState({ usr, key: `e2e${Date.now()}`, idx: 1 }, '', '/app');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, state);
  await page.waitForURL('**/app');
}

/** The prompt and Generate are disabled, each described by the visible reason. */
async function assertClosed(page) {
  const prompt = page.getByLabel('Describe your worksheet');
  const generate = page.getByRole('button', { name: 'Generate Worksheet' });
  const reason = page.getByText(EDITS_USED);
  await reason.waitFor();
  assert.equal(await reason.isVisible(), true);
  assert.equal(await prompt.isDisabled(), true);
  assert.equal(await generate.isDisabled(), true);
  for (const control of [prompt, generate]) {
    const described = await control.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
    );
    assert.match(described, /This worksheet has used all 15 edits\./);
  }
  await page.getByRole('button', { name: 'Duplicate as new worksheet' }).waitFor();
}

/** Duplicate as new worksheet opens an editable copy with 15 edits. */
async function duplicateAndCheck(page, title) {
  await page.getByRole('button', { name: 'Duplicate as new worksheet' }).click();
  await page.getByTestId('chat-message').filter({ hasText: `Loaded worksheet: ${title} (copy)` }).waitFor({ timeout: 30_000 });
  await page.getByTestId('edits-left').getByText('Edits left: 15').waitFor();
  assert.equal(await page.getByLabel('Describe your worksheet').isDisabled(), false);
  assert.equal(await page.getByText(EDITS_USED).count(), 0);
}

test('a saved worksheet with no edits left opens with the prompt closed, the reason, and Duplicate as new worksheet', async () => {
  const user = await activeUser('noedits');
  const latex = await suite.server.generateLatex(user.token, '10 two-digit addition problems', 'Used Up');
  const id = await suite.server.saveWorksheet(user.token, 'Used Up', latex);
  const { lineage } = await suite.server.record('worksheets', id);
  assert.ok(lineage, 'a generated worksheet belongs to a lineage');
  await suite.server.updateRecord('lineages', lineage, { edits: 15 });
  await suite.server.updateRecord('worksheets', id, { edit_count: 15 });

  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await openGeneratorWith(page, { loadWorksheetId: id });
  await page.getByTestId('edits-left').getByText('Edits left: 0').waitFor({ timeout: 30_000 });
  await assertClosed(page);
  await duplicateAndCheck(page, 'Used Up');
  await page.context().close();
});

test('the last edit of an unsaved worksheet closes the prompt; Duplicate saves it first, so nothing is lost', async () => {
  const user = await activeUser('lastedit');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/app');
  await page.getByLabel('Document Title').fill('Last Edit');
  const prompt = page.getByLabel('Describe your worksheet');
  await prompt.fill('12 two-digit addition problems for grade 2');
  await prompt.press('Enter');
  await page.getByTestId('pdf-preview').waitFor({ timeout: 60_000 });
  // 14 edits already used on this document.
  const [lineage] = await suite.server.records('lineages', `owner = "${user.id}"`);
  await suite.server.updateRecord('lineages', lineage.id, { edits: 14 });

  await prompt.fill('only 6 problems');
  await prompt.press('Enter');
  await page.getByTestId('edits-left').getByText('Edits left: 0').waitFor({ timeout: 60_000 });
  await assertClosed(page);
  await duplicateAndCheck(page, 'Last Edit');
  // The original (saved on the way) and its copy are both on the dashboard.
  const titles = (await suite.server.listWorksheets(user.token)).map((w) => w.document_title).sort();
  assert.deepEqual(titles, ['Last Edit', 'Last Edit (copy)']);
  await page.context().close();
});
