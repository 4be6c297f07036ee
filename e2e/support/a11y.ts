import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

const BLOCKING = new Set(['serious', 'critical']);

/** Runs axe on the page as it is now and fails on any serious or critical violation, listing them. */
export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  if (blocking.length > 0) console.log(`axe, ${where}:\n${JSON.stringify(blocking, null, 2)}`);
  expect(blocking, `serious or critical axe violations: ${where}`).toEqual([]);
}

/**
 * Waits until every finite animation or transition has ended. Axe judges colours as drawn: a
 * tooltip or menu still fading in is half transparent and fails contrast, though at rest it passes.
 * Endless animations (progress spinners, skeleton pulses) are left alone.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}
