// Issue 22: the LaTeX for Overleaf download is a project a teacher compiles on their own
// machine: unzipped into an empty folder, plain pdflatex makes the sheet (or the key) the
// server shows, the same text on the same number of pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serverAndBrowser } from './helpers/suite.mjs';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';

const run = promisify(execFile);
const suite = serverAndBrowser();

/** Unzips a download into a new empty folder and compiles main.tex as its README says. */
async function compileProject(download) {
  const dir = await mkdtemp(join(tmpdir(), 'sheetsmith-overleaf-'));
  const zip = join(dir, 'project.zip');
  await download.saveAs(zip);
  await run('unzip', ['-q', zip, '-d', join(dir, 'project')]);
  const project = join(dir, 'project');
  const files = await readdir(project);
  await run('pdflatex', ['-no-shell-escape', '-interaction=nonstopmode', '-halt-on-error', 'main.tex'], { cwd: project, maxBuffer: 1 << 24 });
  const pdf = join(project, 'main.pdf');
  return { dir, files, ...(await pdfFacts(pdf)) };
}

/** The text (words joined by single spaces) and page count of a PDF file. */
async function pdfFacts(file) {
  const { stdout: text } = await run('pdftotext', [file, '-'], { maxBuffer: 1 << 24 });
  const { stdout: info } = await run('pdfinfo', [file]);
  return { text: text.split(/\s+/).filter(Boolean).join(' '), pages: Number(/Pages:\s+(\d+)/.exec(info)[1]) };
}

/** The server's own PDF of a source, as the viewer shows it. */
async function serverPdf(user, latexCode, id) {
  const res = await fetch(`${suite.server.baseUrl}/compile`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.token}` },
    body: JSON.stringify({ latexCode, worksheetId: id }),
  });
  const body = await res.text();
  assert.equal(res.status, 200, body);
  const { pdfUrl } = JSON.parse(body);
  const pdf = await fetch(`${suite.server.baseUrl}${pdfUrl}`, { headers: { Authorization: `Bearer ${user.token}` } });
  assert.equal(pdf.status, 200);
  const dir = await mkdtemp(join(tmpdir(), 'sheetsmith-server-pdf-'));
  const file = join(dir, 'server.pdf');
  await writeFile(file, Buffer.from(await pdf.arrayBuffer()));
  const facts = await pdfFacts(file);
  await rm(dir, { recursive: true, force: true });
  return facts;
}

test('the key’s and the sheet’s LaTeX projects compile with plain pdflatex into the PDFs the server shows', async () => {
  const user = await suite.server.createUser(uniqueEmail('overleaf'), 'overleaf-password-1');
  await suite.server.setSubscription(user.id, 'active');
  const title = 'Overleaf Practice';
  const latex = await suite.server.generateLatex(user.token, '8 two-digit addition problems and 2 clocks', title);
  const id = await suite.server.saveWorksheet(user.token, title, latex);
  const made = await fetch(`${suite.server.baseUrl}/generate-answer-key/${id}`, { method: 'POST', headers: { Authorization: `Bearer ${user.token}` } });
  assert.equal(made.status, 200, await made.text());
  const keyRes = await fetch(`${suite.server.baseUrl}/answer-key/${id}`, { headers: { Authorization: `Bearer ${user.token}` } });
  const { answerKey } = await keyRes.json();

  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto(`/view-worksheet/${id}`);
  await page.locator('iframe').waitFor({ timeout: 60_000 });
  const menuButton = page.getByRole('button', { name: 'Download', exact: true });

  // The key's project: no question asked, nothing locked.
  await menuButton.click();
  const keyDownload = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('menu').getByRole('group', { name: 'Answer key' }).getByRole('menuitem', { name: 'LaTeX for Overleaf (.zip)' }).click();
  const key = await compileProject(await keyDownload);
  assert.deepEqual(key.files.sort(), ['README.txt', 'main.tex', 'sheetsmith.sty']);
  const serverKey = await serverPdf(user, answerKey, id);
  assert.ok(key.text.includes(`${title} – Answer Key`), `the key's title: ${key.text.slice(0, 200)}`);
  assert.equal(key.pages, serverKey.pages, 'the key has the server key’s pages');
  assert.equal(key.text, serverKey.text, 'the key prints what the server’s key prints, answers included');

  // The sheet's project, after the question every sheet download asks.
  await menuButton.click();
  await page.getByRole('menu').getByRole('group', { name: 'Worksheet' }).getByRole('menuitem', { name: 'LaTeX for Overleaf (.zip)' }).click();
  const sheetDownload = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('dialog', { name: 'Download the LaTeX project and end editing?' }).getByRole('button', { name: 'Download LaTeX project' }).click();
  const sheet = await compileProject(await sheetDownload);
  const serverSheet = await serverPdf(user, latex, id);
  assert.ok(sheet.text.includes(title) && !sheet.text.includes('Answer Key'), `the sheet's title: ${sheet.text.slice(0, 200)}`);
  assert.equal(sheet.pages, serverSheet.pages, 'the sheet has the server sheet’s pages');
  assert.equal(sheet.text, serverSheet.text, 'the sheet prints what the server’s sheet prints');
  assert.notEqual(sheet.text, key.text, 'the sheet does not show the key’s answers');

  await rm(key.dir, { recursive: true, force: true });
  await rm(sheet.dir, { recursive: true, force: true });
  await page.context().close();
});
