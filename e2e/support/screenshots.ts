import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';

/** Where the journeys save screenshots; unset (as in CI), none are taken and the journeys run faster. */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR;

/**
 * The house habit of looking at every screen: the page's current screen at phone (390 px) and desktop (1440 px) width
 * in both themes, full page, each after `ready` (what must be visible first), saved as `<E2E_SHOTS_DIR>/<name>-<width>
 * -<theme>.png`. `after` runs after each shot (e.g. one more of a part that a full-page capture leaves blank). The
 * theme and viewport the journey had are restored, with the screen reloaded and `ready` again.
 */
export async function shootScreen(
  page: Page,
  name: string,
  ready: () => Promise<void>,
  after?: (shot: { width: number; theme: string; path: string }) => Promise<void>,
): Promise<void> {
  if (!SHOTS_DIR) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  const url = page.url();
  const viewport = page.viewportSize();
  const theme = await page.evaluate(() => window.localStorage.getItem('active_theme'));
  for (const shotTheme of ['dark', 'light']) {
    await page.evaluate((value) => window.localStorage.setItem('active_theme', value), shotTheme);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      await page.goto(url);
      await ready();
      await page.waitForLoadState('networkidle');
      const path = `${SHOTS_DIR}/${name}-${width}-${shotTheme}`;
      await page.screenshot({ path: `${path}.png`, fullPage: true });
      await after?.({ width, theme: shotTheme, path });
    }
  }
  await page.evaluate(
    (value) =>
      value === null
        ? window.localStorage.removeItem('active_theme')
        : window.localStorage.setItem('active_theme', value),
    theme,
  );
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(url);
  await ready();
}
