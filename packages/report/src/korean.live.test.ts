import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { hasHangul } from '@kafka-labs/i18n';
import { latestRunFolder } from '@kafka-labs/lab-kit';
import { runPnpm } from '@kafka-labs/lab-kit/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openReport } from './browser.ts';
import { chromiumPath } from './screenshot.ts';

// A Korean run end to end: `pnpm lab 00-hello --lang ko` writes a Korean transcript, grade and report, and Chromium
// draws the report's Hangul with a Korean font (the one scripts/setup.sh installs), not with empty boxes.

const LAB = '00-hello';
let browser: Browser;
let dir: string;
beforeAll(async () => {
  const run = runPnpm('lab', LAB, '--lang', 'ko');
  expect(run.status, run.stdout + run.stderr).toBe(0);
  dir = realpathSync(latestRunFolder(LAB));
  const launched = await launchBrowser();
  if (!launched) throw new Error(`no Chromium at ${chromiumPath()}: bash scripts/setup.sh installs it`);
  browser = launched;
});
afterAll(async () => {
  await browser?.close();
});

/** Hangul syllables in `text`. */
const syllables = (text: string) => [...text].filter((c) => c >= '\uac00' && c <= '\ud7a3').length;

describe(`${LAB} in Korean`, () => {
  test('every prose line of the transcript is Korean; the evidence under a label stays as the tools wrote it', () => {
    const lines = readFileSync(join(dir, 'transcript.txt'), 'utf8').split('\n').filter((l) => l.trim());
    const evidence = lines.filter((l) => l.startsWith('     '));
    const prose = lines.filter((l) => !l.startsWith('     '));
    expect(prose.length).toBeGreaterThan(10);
    expect(prose.filter((l) => !hasHangul(l))).toEqual([]);
    expect(evidence.some((l) => l.includes('baseOffset: 0'))).toBe(true);
  });

  test('run.json and result.json record the language, and every check message is Korean', () => {
    expect(JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')).lang).toBe('ko');
    const result = JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8')) as { lang: string; checks: { message: string }[] };
    expect(result.lang).toBe('ko');
    expect(result.checks.filter((c) => !hasHangul(c.message))).toEqual([]);
  });

  test('report.html is lang="ko" with Korean headings, drawn by Chromium with a font that has every Hangul glyph', async () => {
    const { page, problems } = await openReport(browser, join(dir, 'report.html'));
    expect(problems).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ko');
    const headings = await page.locator('h1, h2').allTextContents();
    expect(headings.filter((h) => !hasHangul(h))).toEqual([]);
    // The fonts Chromium used for the title's glyphs: a Korean one must have drawn all of its Hangul syllables.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const korean = fonts.filter((f) => /CJK|Nanum|KR/i.test(f.familyName));
    expect(korean.map((f) => f.familyName), JSON.stringify(fonts)).not.toEqual([]);
    expect(korean.reduce((n, f) => n + f.glyphCount, 0)).toBeGreaterThanOrEqual(syllables(headings[0]!));
  });
});
