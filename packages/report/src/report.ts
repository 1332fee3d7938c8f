import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataBatches, readDump } from '@kafka-labs/dumplog';
import { ANY_PARAMETERS, assertRunFolder, GradeError, readRunInfo, type LabResult } from '@kafka-labs/grader';
import { textsIn, type Lang } from '@kafka-labs/i18n';
import { screenshot, type Camera } from './screenshot.ts';
import { readProducerLogs } from './evidence/producer-logs.ts';
import { PROXY_EVENTS } from '@kafka-labs/proxy';
import { readProxyEvents } from './evidence/proxy-events.ts';
import { runFiles } from './evidence/run-files.ts';
import { groupOf, readWorkerLogs } from './evidence/worker-logs.ts';
import { MESSAGES } from './messages.ts';
import { reportPage, type LabInfo, type Section } from './page.ts';
import { groupModel } from './rebalance.ts';
import { rebalanceSection } from './rebalance-svg.ts';
import { sequenceModel } from './sequence.ts';
import { sequenceSection } from './sequence-svg.ts';
import { timelineSvg, type TimelineLane } from './timeline.ts';

/** The report file of a run folder. */
export const REPORT_HTML = 'report.html';
/** Its picture, for platforms that show images. */
export const REPORT_PNG = 'report.png';
/** The segment dump a lab with a proxy saves with kafka-dump-log --print-data-log (the sequence diagram's log). */
const DUMP = 'dump.txt';

/** What a picture could not be drawn from: a file it needs is missing or unreadable (a GradeError), as a page line. */
async function attempt<T>(what: string, problems: string[], draw: () => Promise<T>): Promise<T | null> {
  try {
    return await draw();
  } catch (error) {
    if (!(error instanceof GradeError)) throw error;
    problems.push(`No ${what}: ${error.message}.`);
    return null;
  }
}

/** The run's span from run.json, when it has one. */
async function runSpan(runDir: string, files: string[]): Promise<TimelineLane | null> {
  if (!files.includes('run.json')) return null;
  const info = await readRunInfo(runDir, ANY_PARAMETERS);
  const from = Date.parse(info.startedAt);
  return { name: 'run (run.json)', events: [], span: { from, to: from + info.durationMs } };
}

/** The generic timeline: every file with times in it, one lane each. */
async function timelineSection(runDir: string, files: string[], problems: string[], lang: Lang): Promise<Section | null> {
  const lanes: TimelineLane[] = [];
  const span = await attempt('run span', problems, () => runSpan(runDir, files));
  if (span) lanes.push(span);
  if (files.includes(PROXY_EVENTS)) {
    const events = await attempt('proxy timeline', problems, () => readProxyEvents(runDir));
    if (events) {
      lanes.push({
        name: PROXY_EVENTS,
        events: events.filter((e) => e.action !== 'forwarded' && e.action !== 'connected').map((e) => ({ time: Date.parse(e.time), label: `${e.action}${e.apiName ? ` ${e.apiName}` : ''}`, bad: e.action !== 'disconnected' })),
      });
    }
  }
  for (const file of files.filter((f) => /^dump.*\.txt$/.test(f))) {
    const batches = await attempt(`timeline of ${file}`, problems, async () => dataBatches(await readDump(runDir, file)));
    if (batches) lanes.push({ name: file, events: batches.map((b) => ({ time: b.createTime, label: `offset ${b.baseOffset}${b.records[0]?.payload ? ` ${b.records[0].payload}` : ''} (producerId ${b.producerId})` })) });
  }
  const withTimes = lanes.filter((l) => l.events.length || l.span);
  if (withTimes.length === 0) return null;
  const t = textsIn(MESSAGES, lang);
  return {
    title: t.timelineTitle(),
    intro: t.timelineIntro(),
    figures: [{ svg: timelineSvg(withTimes) }],
  };
}

/**
 * The report of a run folder as HTML: the lab's title, the verdict and its checks, the figures, and the pictures its
 * files allow (a group picture per consumer group of worker logs, a sequence diagram where a proxy sat between a
 * producer and the broker, else a generic timeline). Reads only regular files of the folder, with the graders' readers.
 */
export async function renderReport(runDir: string, lab: LabInfo, result: LabResult): Promise<string> {
  assertRunFolder(runDir);
  const files = runFiles(runDir);
  const problems: string[] = [];
  const sections: Section[] = [];
  const sources = new Set<string>();

  const workers = (await attempt('worker pictures', problems, () => readWorkerLogs(runDir, files))) ?? [];
  for (const log of workers) {
    if (log.malformed.length) problems.push(`${log.file}: ${log.malformed.length} line(s) are not worker log lines, first line ${log.malformed[0]!.line}.`);
  }
  const groups = [...new Set(workers.map((w) => groupOf(w.worker)))];
  for (const group of groups) {
    const logs = workers.filter((w) => groupOf(w.worker) === group);
    sections.push(rebalanceSection(groupModel(group, logs), result.lang));
    for (const log of logs) sources.add(log.file);
  }

  if (files.includes(PROXY_EVENTS)) {
    const drawn = await attempt('sequence diagram', problems, async () => {
      const producers = await readProducerLogs(runDir, files);
      if (producers.length === 0) return null;
      const batches = files.includes(DUMP) ? dataBatches(await readDump(runDir, DUMP)) : null;
      sections.push(sequenceSection(sequenceModel(producers, await readProxyEvents(runDir), batches ?? []), batches, result.lang));
      return [PROXY_EVENTS, ...producers.map((p) => p.file), ...(batches ? [DUMP] : [])];
    });
    for (const file of drawn ?? []) sources.add(file);
  }

  if (sections.length === 0) {
    const timeline = await timelineSection(runDir, files, problems, result.lang);
    if (timeline) {
      sections.push(timeline);
      for (const file of files.filter((f) => f === 'run.json' || f === PROXY_EVENTS || /^dump.*\.txt$/.test(f))) sources.add(file);
    }
  }
  return reportPage(lab, result, sections, { sources: [...sources], problems });
}

/**
 * Writes report.html into the run folder, and report.png (the page at 1280 px) when Chromium is installed, with
 * `camera` when given (a browser started beforehand, see openCamera) or a browser of its own; returns their paths.
 */
export async function writeReport(runDir: string, lab: LabInfo, result: LabResult, camera?: Camera | null): Promise<{ html: string; png: string | null }> {
  const html = join(runDir, REPORT_HTML);
  writeFileSync(html, await renderReport(runDir, lab, result));
  const png = join(runDir, REPORT_PNG);
  if (camera) {
    await camera.shoot(html, png);
    return { html, png };
  }
  return { html, png: (await screenshot(html, png)) ? png : null };
}
