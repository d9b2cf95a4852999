import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * What axe-core finds serious or critical on the page as it is (WCAG 2.1 A and AA), one line a rule with where it
 * first occurs. Colours still fading (a button just enabled fades from grey to blue over 250 ms; a dialog fades in)
 * would be read half-way, so it first waits for the page's running transitions to end, the event that makes them final.
 */
export async function serious(page: Page): Promise<string[]> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')} — ${v.help}`);
}
