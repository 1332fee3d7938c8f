import { defineMessages } from '@kafka-labs/i18n';

/** What lab-kit itself writes into a transcript and into the checks it adds to a grade. */
export const MESSAGES = defineMessages({
  runFolder: { en: (p: { dir: string }) => `run folder: ${p.dir}`, ko: (p) => `실행 폴더: ${p.dir}` },
  cleanupFailed: { en: (p: { reason: string }) => `clean-up failed: ${p.reason}`, ko: (p) => `정리하지 못했어요: ${p.reason}` },
  leftBehind: {
    en: (p: { n: number; pids: string }) => `stopping ${p.n} process(es) the run left behind (pids ${p.pids})`,
    ko: (p) => `실행이 남긴 프로세스 ${p.n}개를 멈춰요 (pid ${p.pids})`,
  },
  olderRuns: {
    en: (p: { reason: string }) => `older runs: their topics and groups stay for now (${p.reason})`,
    ko: (p) => `이전 실행: 토픽과 그룹은 이번에는 그대로 둬요 (${p.reason})`,
  },
  failed: { en: (p: { reason: string }) => `error: ${p.reason}`, ko: (p) => `오류: ${p.reason}` },
  interrupted: {
    en: (p: { reason: string; n: number }) => `${p.reason}: stopping ${p.n} process(es)`,
    ko: (p) => `${p.reason}: 프로세스 ${p.n}개를 멈춰요`,
  },
  takes: {
    en: (p: { median: number; waits: number }) => `${p.median} s (waits ${p.waits} s)`,
    ko: (p) => `${p.median}초 (대기 ${p.waits}초)`,
  },
  takesNotBenched: { en: (p: { waits: number }) => `waits ${p.waits} s; not benched`, ko: (p) => `대기 ${p.waits}초; 측정 전` },
  waitingForBroker: {
    en: (p: { holder: string; pid: number }) => `waiting for ${p.holder} (pid ${p.pid}) to finish: it holds the broker's ports`,
    ko: (p) => `${p.holder}(pid ${p.pid})이 끝나기를 기다려요: 브로커의 포트를 쓰고 있어요`,
  },
});
