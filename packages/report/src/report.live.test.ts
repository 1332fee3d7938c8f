import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { latestRunFolder } from '@kafka-labs/lab-kit';
import { copyLatestRun, runLabOnce, runPnpm } from '@kafka-labs/lab-kit/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openReport, overflowing } from './browser.ts';
import { chromiumPath, VIEWPORT } from './screenshot.ts';

// What a person sees in report.html of real lab runs, in headless Chromium at 1280 px.

let browser: Browser;
beforeAll(async () => {
  const launched = await launchBrowser();
  if (!launched) throw new Error(`no Chromium at ${chromiumPath()}: bash scripts/setup.sh installs it`);
  browser = launched;
});
afterAll(async () => {
  await browser?.close();
});

const runFolder = (lab: string) => realpathSync(latestRunFolder(lab));
const result = (dir: string) => JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8'));

/** Opens a report and checks what every report must hold: no error, no request, nothing wider than the window. */
async function look(html: string) {
  const { page, problems } = await openReport(browser, html);
  expect(problems).toEqual([]);
  expect(await overflowing(page)).toEqual([]);
  return page;
}

/** The width and height stored in a PNG's header. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The grader's figure of the range b processed twice in group nocommit (`p1 34..99`), read from the run's result. */
function duplicateRange(dir: string) {
  const figure = result(dir).figures['nocommit.duplicateRange'] as string;
  const [, partition, from, to] = /^p(\d+) (\d+)\.\.(\d+)$/.exec(figure)!.map(Number);
  return { figure, partition: partition!, from: from!, to: to! };
}

describe('the report of 01-revoke', () => {
  // These tests look at the drawing of a range processed twice. A revoke that lands right after the worker's commit
  // leaves nothing uncommitted, so nothing is processed twice and the lab passes without a range (about one run in a
  // hundred: it commits every 100 messages): then the lab runs again.
  runLabOnce('01-revoke', 'en', {
    holds: (dir) => {
      const { from, to } = duplicateRange(dir);
      return from <= to;
    },
    lacking: 'each was revoked right after a commit, so no range was processed twice to draw',
    attempts: 3,
  });

  test('pnpm lab leaves report.html and report.png, the whole page at 1280 px, in the run folder', async () => {
    const dir = runFolder('01-revoke');
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toMatch(/^<!doctype html>/);
    const page = await look(join(dir, 'report.html'));
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeGreaterThan(VIEWPORT.height);
    expect(pngSize(join(dir, 'report.png'))).toEqual({ width: VIEWPORT.width, height });
  });

  test('the range processed twice is shaded and labelled with the grader\'s figure; the group with the revoke commit has none', async () => {
    const dir = runFolder('01-revoke');
    const { figure, partition, from, to } = duplicateRange(dir);
    const page = await look(join(dir, 'report.html'));

    const nocommit = page.locator('svg.rebalance-overview[data-group="nocommit"]');
    const area = nocommit.locator(`rect.duplicate[data-partition="${partition}"][data-from="${from}"][data-to="${to}"]`);
    expect(await area.count()).toBe(1);
    const box = await area.boundingBox();
    expect(box!.width).toBeGreaterThan(0);
    expect(box!.height).toBeGreaterThan(0);
    expect(await nocommit.locator('text.duplicate-label').allTextContents()).toEqual([`${figure} processed twice`]);
    expect(await page.locator('svg.rebalance-focus[data-group="nocommit"] text.duplicate-label').allTextContents()).toEqual([`${figure} processed twice`]);
    expect(await page.locator('svg[data-group="revcommit"] .duplicate').count()).toBe(0);
    expect(await page.locator('.verdict').textContent()).toBe('PASS');
  });

  test('without the messages b processed again, the report grades the folder anew and draws no duplicate', async () => {
    const dir = copyLatestRun('01-revoke');
    const { partition, from, to } = duplicateRange(dir);
    const log = join(dir, 'nocommit-b.log');
    const again = new RegExp(` nocommit-b processed p${partition} offset (\\d+)$`);
    const kept = readFileSync(log, 'utf8').split('\n').filter((line) => {
      const offset = Number(again.exec(line)?.[1] ?? NaN);
      return !(offset >= from && offset <= to);
    });
    writeFileSync(log, kept.join('\n'));

    const report = runPnpm('report', '01-revoke', dir);
    expect(report.stderr).toBe('');
    expect(report).toMatchObject({ status: 0, stdout: `${join(dir, 'report.html')}\n` });
    const page = await look(join(dir, 'report.html'));
    const nocommit = page.locator('svg.rebalance-overview[data-group="nocommit"]');
    expect(await nocommit.locator('.duplicate, .duplicate-label').count()).toBe(0);
    const bFirst = nocommit.locator(`g.band[data-worker="nocommit-b"][data-partition="${partition}"]`).first();
    expect(await bFirst.getAttribute('data-from')).toBe(String(to + 1));
    expect(await page.locator('.verdict').textContent()).toBe('FAIL');
    expect(await page.locator('li.check-failed[data-check="nocommit-b-starts-at-last-commit"]').count()).toBe(1);
  });
});

describe('the report of 02-idempotent-retry', () => {
  runLabOnce('02-idempotent-retry');

  test('each response the proxy dropped is drawn once, as a cross on the proxy\'s lifeline', async () => {
    const dir = runFolder('02-idempotent-retry');
    const drops = readFileSync(join(dir, 'proxy-events.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line))
      .filter((e) => e.action === 'response-dropped')
      .map((e) => /Produce #(\d+)/.exec(e.detail)![1]);
    expect(drops.length).toBeGreaterThan(0);
    const page = await look(join(dir, 'report.html'));
    const crosses = page.locator('svg.sequence g.dropped');
    expect(await crosses.evaluateAll((gs) => gs.map((g) => g.getAttribute('data-ordinal')))).toEqual(drops);
    for (const cross of await crosses.all()) expect((await cross.boundingBox())!.width).toBeGreaterThan(0);
    expect(await page.locator('svg.sequence g.dropped text').first().textContent()).toBe('Produce response dropped by the proxy');
  });

  test('the retry carries the same BaseSeq and the broker took it for a duplicate', async () => {
    const page = await look(join(runFolder('02-idempotent-retry'), 'report.html'));
    const retry = page.locator('svg.sequence g.request-produce', { hasText: 'retry' });
    expect(await retry.count()).toBe(1);
    expect(await retry.locator('text.batch').textContent()).toMatch(/^MsgId 2 · producerId \d+ · epoch 0 · baseSequence 1$/);
    expect(await retry.locator('text.stored-duplicate').textContent()).toBe('a duplicate of offset 1: not appended');
    expect(pngSize(join(runFolder('02-idempotent-retry'), 'report.png')).width).toBe(VIEWPORT.width);
  });
});

describe('pnpm report at the command-line edge', () => {
  test('bad input is one line on stderr with exit code 2', () => {
    expect(runPnpm('report')).toMatchObject({ status: 2, stderr: 'error: missing lab id' });
    expect(runPnpm('report', 'no-such-lab').stderr).toMatch(/^error: unknown lab or track "no-such-lab"; .*$/);
    expect(runPnpm('report', '01-revoke', '/nonexistent/run')).toMatchObject({ status: 2, stderr: 'error: no run folder at /nonexistent/run' });
    expect(runPnpm('report', 'kafka-rebalance')).toMatchObject({ status: 2, stderr: 'error: "kafka-rebalance" is a track; report one lab at a time' });
  });

  test('--help says what it does', () => {
    const help = runPnpm('report', '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: pnpm report <lab-id> \[run-folder\]/);
  });
});
