import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, ContextObject, RunOptions } from 'axe-core';
import { expect } from './fixtures';

/**
 * axe-core (the current release, pinned in e2e/package.json) run
 * straight in the page. AxeBuilder.analyze() re-injected its 580 KB into the page at every
 * check, then opened a blank page in the context, injected it there too and finished the run
 * in it (its runPartial/finishRun mode, there for cross-origin iframes, which the app has none
 * of): about 1 s a check against 0.2 s here, for the same rules on the same document.
 */
const AXE_SOURCE = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violation = Pick<AxeResults['violations'][number], 'id' | 'impact' | 'help' | 'nodes'>;

/** The WCAG 2.1 A/AA violations of the page, or of what `within` selects (a dialog, a menu). */
export async function axeViolations(page: Page, within?: string): Promise<Violation[]> {
  // Once a document: a check of a dialog reuses the copy its screen's check injected.
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!present) await page.evaluate(AXE_SOURCE);
  // The context and options AxeBuilder passed for withTags(TAGS) and include(within); only the
  // violations are wanted, so the passes are not listed node by node (resultTypes).
  const context: ContextObject = { exclude: [], include: within ? [within] : [] };
  const options: RunOptions = { runOnly: { type: 'tag', values: TAGS }, resultTypes: ['violations'] };
  const found: Violation[] = await page.evaluate(
    async ([context, options]) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      const { violations } = await axe.run(context as ContextObject, options as RunOptions);
      return violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes }));
    },
    [context, options] as [unknown, unknown],
  );
  return found;
}

/**
 * No serious or critical violation of WCAG 2.1 A/AA on the page (or within a dialog or menu),
 * naming the rule and the elements when there is one.
 */
export async function expectNoSeriousViolations(page: Page, where: string, within?: string): Promise<void> {
  const serious = (await axeViolations(page, within)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ')}`)
        .join('\n'),
  );
  expect(report, `${where} at ${page.viewportSize()?.width}px`).toEqual([]);
}
