// What a lab's unit tests check of its picture (vitest helpers): the golden's report is the current drawing of its
// grade, and the labels that carry the lesson are in the pictures.
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gradeRun } from '@kafka-labs/grader';
import { hasHangul, type Lang } from '@kafka-labs/i18n';
import { resolveLabs, type LabEntry } from '@kafka-labs/lab-kit/catalog';
import { expect, test } from 'vitest';
import { renderReport, REPORT_HTML, REPORT_PNG } from './report.ts';

const labEntry = (labId: string): LabEntry => {
  const [entry] = resolveLabs(labId);
  if (!entry || entry.id !== labId) throw new Error(`${labId} is not a lab id`);
  return entry;
};

const goldenOf = (labId: string) => join(labEntry(labId).dir, 'golden');

/** The report of a run folder as its lab's grader and the report draw it now, in `lang`. */
export async function reportOf(labId: string, runDir: string, lang: Lang = 'en'): Promise<string> {
  const lab = labEntry(labId);
  return renderReport(lab, await gradeRun(lab, runDir, { lang }));
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The text of a report's pictures (its sections, not its checks), tags removed, one space between pieces. */
export function pictureText(html: string): string {
  const sections = html.match(/<section class="picture">[\s\S]*?<\/section>/g) ?? [];
  return sections
    .join(' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!)
    .replace(/\s+/g, ' ');
}

/** The picture text of a copy of the lab's golden with `file` edited, as the report draws it. */
export async function alteredPicture(labId: string, file: string, edit: (text: string) => string): Promise<string> {
  const copy = mkdtempSync(join(tmpdir(), `${labId}-`));
  cpSync(goldenOf(labId), copy, { recursive: true });
  writeFileSync(join(copy, file), edit(readFileSync(join(copy, file), 'utf8')));
  return pictureText(await reportOf(labId, copy));
}

/**
 * The golden's report.html is the current drawing of its grade (`pnpm report <lab> <golden>` re-makes it with
 * report.png), its pictures hold every label of `shows` and none of `hides`, and in Korean every picture heading is.
 */
export function testPicture(labId: string, { shows, hides = [] }: { shows: string[]; hides?: string[] }): void {
  test('the golden report is drawn from the grade, with the labels that carry the lesson', async () => {
    const golden = goldenOf(labId);
    const html = await reportOf(labId, golden);
    const stale = `golden/${REPORT_HTML} is not the current drawing: pnpm report ${labId} ${golden}`;
    expect(existsSync(join(golden, REPORT_HTML)) ? readFileSync(join(golden, REPORT_HTML), 'utf8') : '', stale).toBe(html);
    expect(existsSync(join(golden, REPORT_PNG)), `no golden/${REPORT_PNG}`).toBe(true);
    const text = pictureText(html);
    expect(text, 'the report has no picture').not.toBe('');
    expect(shows.filter((label) => !text.includes(label))).toEqual([]);
    expect(hides.filter((label) => text.includes(label))).toEqual([]);
    const headings = [...(await reportOf(labId, golden, 'ko')).matchAll(/<section class="picture"><h2>([^<]*)<\/h2>/g)].map((m) => m[1]!);
    expect(headings.length).toBeGreaterThan(0);
    expect(headings.filter((h) => !hasHangul(h))).toEqual([]);
  });
}
