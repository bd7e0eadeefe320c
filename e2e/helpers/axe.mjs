// axe-core inside the page: fails on any serious or critical violation (WCAG 2.2 AA rules).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let source;

/** Runs axe-core on the page as it is now and asserts no serious or critical violation. */
export async function expectNoSeriousA11yViolations(page, what) {
  source ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, not a <script> tag: the app's CSP (script-src 'self')
  // rightly refuses inline scripts, and the tests keep that policy on.
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(`${source}\n;void 0`);
  // Colours mid-transition (a button fading in as it becomes enabled) are not what a reader
  // sees: let running CSS transitions, which always end, finish first.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'), null, { timeout: 3_000 })
    .catch(() => undefined);
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 3).join(' ')}`),
    }));
  });
  const serious = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) {
    assert.fail(`${what}: axe-core found serious or critical violations:\n${JSON.stringify(serious, null, 2)}`);
  }
}
