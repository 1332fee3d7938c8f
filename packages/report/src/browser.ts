import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's chromium, installed by scripts/setup.sh; KAFKA_LABS_CHROMIUM names another executable. */
export const chromiumPath = () => process.env.KAFKA_LABS_CHROMIUM ?? '/usr/bin/chromium';

/** Flags for a headless run without a network, a GPU or a sandbox (playwright adds --headless and a fresh profile). */
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The width a report is looked at and photographed with. */
export const VIEWPORT = { width: 1280, height: 900 };

/** Starts headless Chromium, or returns null when there is no executable at chromiumPath(). */
export async function launchBrowser(): Promise<Browser | null> {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) return null;
  return chromium.launch({ executablePath, headless: true, args: FLAGS });
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

/** Writes a full-page PNG of `htmlFile` at 1280 px; false when no Chromium is installed. */
export async function screenshot(htmlFile: string, pngFile: string): Promise<boolean> {
  const browser = await launchBrowser();
  if (!browser) return false;
  try {
    const { page } = await openReport(browser, htmlFile);
    await page.screenshot({ path: pngFile, fullPage: true });
    return true;
  } finally {
    await browser.close();
  }
}
