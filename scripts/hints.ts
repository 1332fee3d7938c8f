import { UsageError } from '@kafka-labs/cli';
import type { Lang } from '@kafka-labs/i18n';
import type { LabEntry } from '@kafka-labs/lab-kit/catalog';

/**
 * What `pnpm hint` prints for step `stepText` of `lab`: the step's first hint, or with `all` every hint numbered; a
 * step without hints says so. A lab that is not an exercise or a step it does not have is a UsageError (one line).
 */
export function hintLines(lab: Pick<LabEntry, 'id' | 'exercise'>, stepText: string, options: { all?: boolean; lang: Lang }): string[] {
  const steps = lab.exercise?.steps ?? [];
  if (!steps.length) throw new UsageError(`${lab.id} is not an exercise (its manifest has no exercise.steps)`);
  const n = /^[1-9]\d*$/.test(stepText) ? Number(stepText) : NaN;
  if (!(n <= steps.length)) throw new UsageError(`step must be a number from 1 to ${steps.length}, not '${stepText}'`);
  const step = steps[n - 1]!;
  const ko = options.lang === 'ko';
  const hints = (ko ? step.ko.hints : step.hints) ?? [];
  const title = ko ? `${n}단계: ${step.ko.title}` : `step ${n}: ${step.title}`;
  if (!hints.length) return [ko ? `${title} (이 단계에는 힌트가 없어요)` : `${title} (this step has no hints)`];
  if (!options.all) {
    const more = hints.length - 1;
    const tail = more ? (ko ? ` (힌트 ${hints.length}개 모두 보기: --all)` : ` (all ${hints.length} hints: --all)`) : '';
    return [`${title}${tail}`, hints[0]!];
  }
  return [title, ...hints.map((hint, i) => `${i + 1}. ${hint}`)];
}
