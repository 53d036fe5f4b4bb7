import axe from 'axe-core';

/**
 * axe-core's violations in `root`, by the rule sets the e2e screens are measured against
 * (e2e/support/axe.mjs). jsdom lays nothing out, so colour contrast is left to the browser runs.
 */
export async function axeViolations(root: Element = document.body) {
  const results = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map((v) => ({
    id: v.id,
    help: v.help,
    nodes: v.nodes.map((n) => n.html.slice(0, 200)),
  }));
}
