import fs from 'node:fs';
import type { Page } from 'playwright-core';

// Evaluated rather than added as a <script>: the apps' CSP rightly refuses inline scripts.
let axeSource: string | undefined;

interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page and returns the serious and critical violations, each as one
 * readable line, so `expect(await seriousViolations(page)).toEqual([])` shows what broke.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  axeSource ??= fs.readFileSync(require.resolve('axe-core'), 'utf8');
  // Once per document: a second check of the same page (another viewport) reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // A toast or dialog still fading in has, for that moment, too little contrast: what a
  // person reads is where its entrance animation ends (infinite ones, spinners, never end).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (context?: unknown, options?: unknown) => Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact}: ${violation.id} (${violation.help}) at ${violation.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}
