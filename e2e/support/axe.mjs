// @ts-check
/* global document -- page.evaluate callbacks run in the browser */
// axe-core in the page under test: WCAG 2.1 A and AA and axe's best practices, as issue 16 measures them.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** Where the page under test finds it (see injectAxe). */
const AXE_PATH = '/__e2e__/axe.min.js';

/** The rule sets issue 16 measures against. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** @typedef {'minor' | 'moderate' | 'serious' | 'critical'} Impact */
/**
 * @typedef {object} Violation
 * @property {string} id
 * @property {Impact | null} impact
 * @property {string} help
 * @property {string} helpUrl
 * @property {{ target: unknown[], html: string, failureSummary?: string }[]} nodes
 */

/** Pages that already answer AXE_PATH. */
const routed = new WeakSet();

/**
 * The app's Content-Security-Policy allows scripts from its own origin only (`script-src 'self'`),
 * so axe-core's script is served from an address there, answered by the test itself.
 * @param {import('playwright-core').Page} page
 */
async function injectAxe(page) {
  const url = new URL(AXE_PATH, page.url()).href;
  if (!routed.has(page)) {
    routed.add(page);
    await page.route(url, (route) => route.fulfill({ path: AXE_SCRIPT, contentType: 'text/javascript' }));
  }
  await page.addScriptTag({ url });
}

/**
 * Runs axe-core over the whole document (injecting it first, once per document) and returns its
 * violations of every impact.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<Violation[]>}
 */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await injectAxe(page);
  return page.evaluate(async (values) => {
    // @ts-expect-error -- axe is a global of the injected script
    const results = await globalThis.axe.run(document, { runOnly: { type: 'tag', values } });
    return /** @type {Violation[]} */ (
      results.violations.map((/** @type {any} */ v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((/** @type {any} */ n) => ({
          target: n.target,
          html: String(n.html).slice(0, 300),
          failureSummary: n.failureSummary,
        })),
      }))
    );
  }, AXE_TAGS);
}

/**
 * One readable paragraph per violation: rule id, impact, help text and link, and for each element
 * its selector, the start of its HTML and what axe found wrong with it.
 * @param {Violation[]} violations
 */
export function describeViolations(violations) {
  const indent = (/** @type {string} */ text) => text.replace(/\n/g, '\n      ');
  return violations
    .map((v) => {
      const nodes = v.nodes.map((n) =>
        [
          `    - ${JSON.stringify(n.target)}`,
          `      ${indent(n.html)}`,
          ...(n.failureSummary ? [`      ${indent(n.failureSummary)}`] : []),
        ].join('\n'),
      );
      return `  [${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/** @param {Violation} v */
export const isSeriousOrCritical = (v) => v.impact === 'serious' || v.impact === 'critical';

/**
 * Fails, naming every violation, when axe finds anything serious or critical on the page. With
 * AXE_LOG set to a file, every violation of every impact is also appended there (a JSON line per
 * screen), to measure what is left below "serious".
 * @param {import('playwright-core').Page} page @param {string} screen what the page shows, for the message
 */
export async function assertNoSeriousViolations(page, screen) {
  const violations = await axeViolations(page);
  const log = process.env.AXE_LOG;
  if (log) appendFileSync(log, `${JSON.stringify({ screen, violations })}\n`);
  const serious = violations.filter(isSeriousOrCritical);
  if (serious.length > 0) {
    throw new Error(
      `axe-core: ${serious.length} serious or critical violation(s) on ${screen}:\n${describeViolations(serious)}`,
    );
  }
}
