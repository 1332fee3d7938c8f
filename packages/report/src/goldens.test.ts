import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { listLabs } from '@kafka-labs/lab-kit/catalog';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openReport, overflowing } from './browser.ts';
import { REPORT_HTML } from './report.ts';
import { chromiumPath } from './screenshot.ts';

// Every lab's golden report in headless Chromium at 1280 px, as a learner or a course platform opens it: it loads
// nothing, logs no error and draws nothing wider than the window. (What each picture shows is each lab's own test.)

let browser: Browser;
beforeAll(async () => {
  const launched = await launchBrowser();
  if (!launched) throw new Error(`no Chromium at ${chromiumPath()}: bash scripts/setup.sh installs it`);
  browser = launched;
});
afterAll(async () => {
  await browser?.close();
});

describe('golden reports in Chromium', () => {
  test.each(listLabs().map((lab) => [lab.id, join(lab.dir, 'golden', REPORT_HTML)]))('%s', async (_id, html) => {
    expect(existsSync(html), `${html} is missing: pnpm report <lab> <golden>`).toBe(true);
    const { page, problems } = await openReport(browser, html);
    expect(problems).toEqual([]);
    expect(await overflowing(page)).toEqual([]);
    expect(await page.locator('section.picture').count()).toBeGreaterThan(0);
    await page.close();
  });
});
