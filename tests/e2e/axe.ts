import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, Result } from 'axe-core';
import type { Page } from 'playwright-core';

/*
 * axe-core inside a journey's page: the same rules the issue was measured with (axe's defaults,
 * WCAG 2.2 A/AA and best practices), run in the page itself so what is checked is what a person
 * gets, after the screen has loaded its data.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** What fails the sweep: axe's critical and serious findings, and moderate ones (headings, landmarks). */
export const BLOCKING: readonly ImpactValue[] = ['critical', 'serious', 'moderate'];

/** One failing rule on one element, short enough to read in a test failure. */
export interface Finding {
  rule: string;
  impact: ImpactValue;
  target: string;
  summary: string;
}

/**
 * The critical and serious violations on the page once its transitions have ended: a menu or a
 * drawer fading in is measured at its colours, not half-transparent ones.
 */
export async function axeFindings(
  page: Page,
  where: string,
  impacts: readonly ImpactValue[] = BLOCKING,
  skipRules: readonly string[] = [],
): Promise<Finding[]> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: 5_000 },
    )
    .catch(() => {});
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResults> } }).axe.run(
      document,
      { resultTypes: ['violations'] },
    ),
  );
  return results.violations
    .filter((v: Result) => v.impact && impacts.includes(v.impact) && !skipRules.includes(v.id))
    .flatMap((v: Result) =>
      v.nodes.map((node) => ({
        rule: v.id,
        impact: v.impact as ImpactValue,
        target: `${where} ${node.target.join(' ')}`,
        summary: (node.failureSummary ?? v.help).split('\n').slice(0, 2).join(' ').slice(0, 200),
      })),
    );
}
