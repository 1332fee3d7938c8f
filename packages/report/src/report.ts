import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LabResult } from '@kafka-labs/grader';
import { screenshot, type Camera } from './screenshot.ts';
import { reportPage, type LabInfo } from './page.ts';
import { drawViews } from './views/index.ts';

/** The report file of a run folder. */
export const REPORT_HTML = 'report.html';
/** Its picture, for platforms that show images. */
export const REPORT_PNG = 'report.png';

/**
 * The report of a graded run as HTML: the lab's title, the verdict and its checks, the figures, and a picture of
 * each view the grader returned (what it read of the run folder to decide the checks). Reads no file.
 */
export function renderReport(lab: LabInfo, result: LabResult): string {
  const views = result.views ?? [];
  return reportPage(lab, result, drawViews(views, result.lang), [...new Set(views.flatMap((v) => v.files))]);
}

/**
 * Writes report.html into the run folder, and report.png (the page at 1280 px) when Chromium is installed, with
 * `camera` when given (a browser started beforehand, see openCamera) or a browser of its own; returns their paths.
 */
export async function writeReport(runDir: string, lab: LabInfo, result: LabResult, camera?: Camera | null): Promise<{ html: string; png: string | null }> {
  const html = join(runDir, REPORT_HTML);
  writeFileSync(html, renderReport(lab, result));
  const png = join(runDir, REPORT_PNG);
  if (camera) {
    await camera.shoot(html, png);
    return { html, png };
  }
  return { html, png: (await screenshot(html, png)) ? png : null };
}
