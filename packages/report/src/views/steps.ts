import type { StepRow } from '@kafka-labs/grader';
import { defineMessages, textsIn, type Lang } from '@kafka-labs/i18n';
import { el } from '../markup.ts';
import type { Section } from '../page.ts';

/** One step of a graded exercise: its checks (id and whether each held) and the lines of evidence the step produced. */
export type ExerciseStep = StepRow;

/** A learner-driven exercise graded step by step: one row per step graded, with its checks and its own evidence. */
export interface StepsView {
  kind: 'steps';
  files: string[];
  steps: ExerciseStep[];
}

const MESSAGES = defineMessages({
  title: { en: () => 'The exercise, step by step', ko: () => '실습 단계별 결과' },
  intro: {
    en: () => 'Each step graded, what its checks found and the evidence it read from the learner\'s files.',
    ko: () => '채점한 단계마다 점검 결과와, 학습자의 파일에서 읽은 증거를 보여 줘요.',
  },
  step: { en: () => 'step', ko: () => '단계' },
  checks: { en: () => 'checks', ko: () => '점검' },
  evidence: { en: () => 'evidence', ko: () => '증거' },
});

export function drawSteps(view: StepsView, lang: Lang): Section[] {
  const t = textsIn(MESSAGES, lang);
  const table = el(
    'table',
    { class: 'steps' },
    el('tr', {}, el('th', {}, t.step()), el('th', {}, t.checks()), el('th', {}, t.evidence())),
    view.steps.map((s) => {
      const ok = s.checks.every((c) => c.ok);
      return el(
        'tr',
        { class: ok ? 'step step-ok' : 'step step-failed', 'data-step': s.step },
        el('td', {}, el('span', { class: ok ? 'mark-ok' : 'mark-failed' }, ok ? '✔ ' : '✘ '), `${s.step}. ${s.title}`),
        el('td', { class: 'check-id' }, s.checks.map((c) => el('div', { class: c.ok ? 'mark-ok' : 'mark-failed' }, `${c.ok ? '✔' : '✘'} ${c.id}`))),
        el('td', {}, s.evidence.length ? el('pre', {}, s.evidence.join('\n')) : null),
      );
    }),
  );
  return [{ title: t.title(), intro: t.intro(), figures: [], after: table }];
}
