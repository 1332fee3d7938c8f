import { defineMessages } from '@kafka-labs/i18n';

/** What `pnpm lab` says around the transcripts: the listing's headings, repeat tallies and the report's path. */
export const MESSAGES = defineMessages({
  labHeading: { en: () => 'lab', ko: () => '실습' },
  trackHeading: { en: () => 'track', ko: () => '트랙' },
  graderHeading: { en: () => 'grader', ko: () => '채점' },
  takesHeading: { en: () => 'takes', ko: () => '소요 시간' },
  titleHeading: { en: () => 'title', ko: () => '제목' },
  indexHeader: { en: () => '| lab | track | what it shows | broker | takes |', ko: () => '| 실습 | 트랙 | 보여 주는 것 | 브로커 | 소요 시간 |' },
  trackIndexHeader: { en: () => '| lab | what it shows | broker | takes |', ko: () => '| 실습 | 보여 주는 것 | 브로커 | 소요 시간 |' },
  nodes: { en: (p: { n: number }) => (p.n === 1 ? '1 node' : `${p.n} nodes`), ko: (p) => `노드 ${p.n}개` },
  liveGrader: { en: () => 'live', ko: () => '실시간' },
  folderGrader: { en: () => 'folder', ko: () => '폴더' },
  repeatRun: { en: (p: { lab: string; run: number; of: number }) => `== ${p.lab}: run ${p.run} of ${p.of}`, ko: (p) => `== ${p.lab}: ${p.of}번 중 ${p.run}번째 실행` },
  runOf: { en: (p: { run: number; of: number }) => ` (run ${p.run} of ${p.of})`, ko: (p) => ` (${p.of}번 중 ${p.run}번째)` },
  runStarted: {
    en: (p: { lab: string; which: string; others: number; alone?: string }) =>
      `>> ${p.lab}${p.which}: started${p.alone ? ` alone: ${p.alone}` : p.others ? ` beside ${p.others} other run${p.others === 1 ? '' : 's'}` : ''}`,
    ko: (p) => `>> ${p.lab}${p.which}: 시작${p.alone ? `, 혼자 실행 (${p.alone})` : p.others ? ` (다른 실행 ${p.others}개와 함께)` : ''}`,
  },
  runEnded: {
    en: (p: { lab: string; which: string; verdict: string; seconds: string }) => `<< ${p.lab}${p.which}: ${p.verdict} in ${p.seconds} s; its transcript:`,
    ko: (p) => `<< ${p.lab}${p.which}: ${p.verdict} (${p.seconds}초), 실행 기록:`,
  },
  tally: {
    en: (p: { lab: string; passed: number; of: number; notRun: number }) =>
      `${p.lab}: ${p.passed}/${p.of} runs passed${p.notRun ? ` (${p.notRun} not run)` : ''}`,
    ko: (p) => `${p.lab}: ${p.of}번 중 ${p.passed}번 통과${p.notRun ? ` (${p.notRun}번은 실행하지 않음)` : ''}`,
  },
  report: { en: (p: { html: string }) => `report: ${p.html}`, ko: (p) => `보고서: ${p.html}` },
  reportNoPng: {
    en: (p: { html: string }) => `report: ${p.html} (no Chromium here, so no report.png)`,
    ko: (p) => `보고서: ${p.html} (Chromium이 없어 report.png는 없어요)`,
  },
  reportNotWritten: { en: (p: { reason: string }) => `report: not written: ${p.reason}`, ko: (p) => `보고서를 쓰지 못했어요: ${p.reason}` },
});
