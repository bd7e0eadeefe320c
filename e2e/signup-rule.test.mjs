// Sign-up states the server's password rule (GET /api/config, from the users collection) and a
// password of exactly that length signs up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './helpers/suite.mjs';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';
import { expectNoSeriousA11yViolations } from './helpers/axe.mjs';

const suite = serverAndBrowser();

test("sign-up shows the server's minimum password length, and a password of that length signs up", async () => {
  const config = await (await fetch(`${suite.server.baseUrl}/api/config`)).json();
  const min = config.password?.minLength;
  assert.ok(Number.isInteger(min) && min > 0, `GET /api/config names the minimum password length (got ${JSON.stringify(config.password)})`);

  const page = await newPage(suite.browser, suite.server.baseUrl);
  await page.goto('/signup');
  const dialog = page.getByRole('dialog', { name: 'Sign Up' });
  const password = dialog.getByLabel('Password', { exact: true });
  // The hint names the server's number and is read with the field.
  await dialog.getByText(`At least ${min} characters.`).waitFor();
  const description = await password.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
  );
  assert.match(description, new RegExp(`At least ${min} characters`));
  await expectNoSeriousA11yViolations(page, 'sign-up with the password hint');

  // One character short: the form says so in the server's number, before asking the server.
  const email = uniqueEmail('rule');
  const short = 'k'.repeat(min - 1);
  await dialog.getByLabel('Email').fill(email);
  await password.fill(short);
  await dialog.getByLabel('Confirm Password').fill(short);
  await dialog.getByLabel('I agree to the').check();
  await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await dialog.getByRole('alert').getByText(`Your password must be at least ${min} characters long.`).waitFor();

  // Exactly the minimum: the account is made and the teacher lands on the dashboard.
  const exact = 'k'.repeat(min);
  await password.fill(exact);
  await dialog.getByLabel('Confirm Password').fill(exact);
  await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await page.getByTestId('sidebar-email').getByText(email).waitFor();
  await page.context().close();
});
