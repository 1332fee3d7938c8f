import { defineMessages } from '@kafka-labs/i18n';
import type { Verdict } from './verdict.ts';

const VERDICT_KO: Record<Verdict, string> = { pass: '통과', fail: '실패', unknown: '판정 불가' };

/** What the grader package itself says: a law's message and the text reporter's labels. */
export const MESSAGES = defineMessages({
  law: {
    en: (p: { expected: string; found: string }) => `${p.expected} (${p.found})`,
    ko: (p) => `${p.expected} (${p.found})`,
  },
  lawWithHint: {
    en: (p: { expected: string; found: string; hint: string }) => `${p.expected} (${p.found}). Hint: ${p.hint}`,
    ko: (p) => `${p.expected} (${p.found}). 힌트: ${p.hint}`,
  },
  moreLines: { en: (p: { n: number }) => `… ${p.n} more line(s)`, ko: (p) => `… ${p.n}줄 더 있음` },
  figures: { en: () => 'figures:', ko: () => '수치:' },
  live: {
    en: () => 'live (read from the running broker and proxy, not from the folder):',
    ko: () => 'live (폴더가 아니라 실행 중인 브로커와 프록시에서 읽은 값):',
  },
  verdict: {
    en: (p: { verdict: Verdict; lab: string }) => `verdict: ${p.verdict.toUpperCase()} (${p.lab})`,
    ko: (p) => `판정: ${VERDICT_KO[p.verdict]} (${p.lab})`,
  },
  verdictWord: { en: (p: { verdict: Verdict }) => p.verdict.toUpperCase(), ko: (p) => VERDICT_KO[p.verdict] },
  runDidNotFinish: { en: (p: { reason: string }) => `the run did not finish: ${p.reason}`, ko: (p) => `실행이 끝나지 않았어요: ${p.reason}` },
  scriptDidNotFinish: {
    en: (p: { code: number; transcript: string }) => `the run script did not finish (exit code ${p.code}); see ${p.transcript}`,
    ko: (p) => `실행 스크립트가 끝나지 않았어요 (종료 코드 ${p.code}); ${p.transcript}를 보세요`,
  },
  graderFailed: {
    en: (p: { reason: string }) => `the grader failed on this folder: ${p.reason}`,
    ko: (p) => `이 폴더를 채점하다 grader가 실패했어요: ${p.reason}`,
  },
  environmentBroken: {
    en: (p: { reason: string }) => `the environment is broken, not your work: ${p.reason}`,
    ko: (p) => `과제가 아니라 실행 환경에 문제가 있어요: ${p.reason}`,
  },
  stepLaw: {
    en: (p: { step: number; title: string; expected: string }) => `step ${p.step} (${p.title}): ${p.expected}`,
    ko: (p) => `${p.step}단계 (${p.title}): ${p.expected}`,
  },
  nothingGraded: { en: (p: { lab: string }) => `${p.lab}: nothing was graded`, ko: (p) => `${p.lab}: 채점한 것이 없어요` },
});
