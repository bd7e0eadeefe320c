import { test } from 'node:test';
import { serverAndBrowser } from './helpers/suite.mjs';
import assert from 'node:assert/strict';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';

const suite = serverAndBrowser();

test('choosing a template remembers it and opens the generator; its Dashboard button goes back', async () => {
  const user = await suite.server.createUser(uniqueEmail('tpl'), 'tpl-password-1');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/templates');
  const standard = page.getByRole('radio', { name: /Standard Worksheet/ });
  const exam = page.getByRole('radio', { name: /Exam Format/ });
  await standard.waitFor();
  assert.equal(await standard.getAttribute('aria-checked'), 'true');

  await exam.click();
  assert.equal(await exam.getAttribute('aria-checked'), 'true');
  assert.equal(await standard.getAttribute('aria-checked'), 'false');

  await page.getByRole('button', { name: 'Create Worksheet with Template' }).click();
  await page.waitForURL('**/app');
  const stored = await page.evaluate(() => ({
    id: localStorage.getItem('selectedTemplate'),
    data: JSON.parse(localStorage.getItem('currentTemplateData') ?? 'null'),
  }));
  assert.equal(stored.id, 'exam');
  assert.equal(stored.data.name, 'Exam Format');

  await page.getByRole('button', { name: '← Dashboard' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByText('You have no saved worksheets yet.').waitFor();
  await page.context().close();
});
