import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath, VIEWPORT } from './screenshot.ts';

/** Starts headless Chromium under playwright (playwright adds --headless and a fresh profile), or returns null when there is no executable at chromiumPath(). */
export async function launchBrowser(): Promise<Browser | null> {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) return null;
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
}

/** A report open in the browser, with what went wrong while it loaded: console errors, page errors, requests it tried. */
export interface OpenReport {
  page: Page;
  problems: string[];
}

/** Opens a local HTML file at the report width, refusing every request but the file itself (a report fetches nothing). */
export async function openReport(browser: Browser, htmlFile: string): Promise<OpenReport> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const url = pathToFileURL(htmlFile).href;
  await page.route('**/*', (route) => {
    if (route.request().url() === url) return route.continue();
    problems.push(`request refused: ${route.request().url()}`);
    return route.abort();
  });
  await page.goto(url);
  return { page, problems };
}

/** What of the page lies beyond the window's width (the page's own scroll width first), at most `max` lines. */
export function overflowing(page: Page, max = 5): Promise<string[]> {
  return page.evaluate(
    ({ width, max }) => {
      const out = [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > width + 0.5)
        .map((e) => `${e.tagName} ${e.getAttribute('class') ?? ''} right=${e.getBoundingClientRect().right}`);
      return (document.documentElement.scrollWidth > width ? [`page scrollWidth ${document.documentElement.scrollWidth}`, ...out] : out).slice(0, max);
    },
    { width: VIEWPORT.width, max },
  );
}
