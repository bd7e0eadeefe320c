// What screen-reader and keyboard users are told: the answer key being ready on the dashboard
// (focus stays on the key's button, now View Answer Key) and the generator's replies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './helpers/suite.mjs';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';

const suite = serverAndBrowser();

async function activeUser(prefix) {
  const user = await suite.server.createUser(uniqueEmail(prefix), `${prefix}-password-1`);
  await suite.server.setSubscription(user.id, 'active');
  return user;
}

/** Presses Tab until the focused element is a button named `name` (as a keyboard user would reach it). */
async function tabTo(page, name) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const text = await page.evaluate(() => (document.activeElement?.tagName === 'BUTTON' ? document.activeElement.textContent.trim() : ''));
    if (text === name) return;
  }
  throw new Error(`no button "${name}" reached with Tab`);
}

test('keyboard only: Generate Answer Key keeps focus on its button, which becomes View Answer Key, and the ready key is announced', async () => {
  const user = await activeUser('keyann');
  const latex = await suite.server.generateLatex(user.token, '10 two-digit addition problems', 'Key Sums');
  await suite.server.saveWorksheet(user.token, 'Key Sums', latex);
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/dashboard');
  const row = page.getByTestId('worksheet-row').filter({ hasText: 'Key Sums' });
  await row.waitFor();
  // The polite status is in the row before anything happens.
  const status = row.getByRole('status');
  assert.equal(await status.count(), 1);
  assert.equal((await status.textContent()).trim(), '');

  await tabTo(page, 'Generate Answer Key');
  await page.keyboard.press('Enter');
  await row.getByRole('button', { name: 'View Answer Key' }).waitFor({ timeout: 90_000 });
  const focused = await page.evaluate(() => ({ body: document.activeElement === document.body, text: document.activeElement?.textContent.trim() }));
  assert.deepEqual(focused, { body: false, text: 'View Answer Key' });
  assert.match(await status.textContent(), /Answer key ready/);

  // Enter now opens the key.
  await page.keyboard.press('Enter');
  await page.waitForURL('**/view-answer-key/**');
  await page.context().close();
});

test('the generator reply is read out from a polite chat log that is there before the reply', async () => {
  const user = await activeUser('replyann');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/app');
  const log = page.getByRole('log', { name: 'Chat history' });
  await log.waitFor();
  assert.equal(await log.getAttribute('aria-live'), 'polite');
  await page.getByLabel('Document Title').fill('Reply Sums');
  await page.getByLabel('Describe your worksheet').fill('12 two-digit addition problems for grade 2');
  await page.getByLabel('Describe your worksheet').press('Enter');
  const reply = page.locator('[data-testid="chat-message"][data-role="assistant"] .chat-bubble');
  await reply.first().waitFor({ timeout: 60_000 });
  const text = (await reply.first().innerText()).trim();
  assert.notEqual(text, '');
  assert.match(await log.textContent(), new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await page.context().close();
});
