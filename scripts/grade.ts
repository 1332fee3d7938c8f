import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EXIT_CODES, formatJson, formatJunit, formatText, type LabResult } from '@kafka-labs/grader';
import { gradeRun, latestRunFolder, resolveLabs } from '@kafka-labs/lab-kit';
import { cli } from './cli.ts';

const USAGE = `usage: pnpm grade <lab-id> [run-folder] [--step N] [--json | --junit FILE]

Grades a run folder (default: runs/<lab-id>/latest) with the lab's own grader, without re-running
anything. Exit code 0 pass, 1 fail, 2 usage error or a run folder that does not exist.
  --step N  only step N, for labs graded step by step (other labs grade every check)
On a failure the text report starts with a line "FAIL: <reason>" (Instruqt check scripts), and the
reason is also written to the file named by $VERIFICATION_FAILURE_REASON when it is set (Katacoda-style
verify scripts).`;

await cli(USAGE, async ({ command, positionals, flags }) => {
  if (!command) throw cli.usage('missing lab id');
  const labs = resolveLabs(command);
  if (labs.length !== 1) throw cli.usage(`"${command}" is a track; grade one lab at a time`);
  const lab = labs[0]!;
  const step = flags.string('step') === undefined ? undefined : flags.number('step', 0);
  if (step !== undefined && !(Number.isInteger(step) && step >= 1)) throw cli.usage(`--step must be a step number from 1`);
  const runDir = resolve(positionals[0] ?? latestRunFolder(lab.id));
  const result = await gradeRun(lab, runDir, { step });
  if (step !== undefined && result.checks.length === 0) throw cli.usage(`${lab.id} has no checks for step ${step}`);
  const reason = failureReason(result);
  const reasonFile = process.env.VERIFICATION_FAILURE_REASON;
  if (reason && reasonFile) writeFileSync(reasonFile, `${reason}\n`);
  const junit = flags.string('junit');
  if (junit) writeFileSync(junit, formatJunit(result));
  if (flags.boolean('json')) console.log(formatJson(result));
  else console.log(`${reason ? `FAIL: ${reason}\n` : ''}${formatText(result)}`);
  return EXIT_CODES[result.verdict];
});

/** The first failed check's message, what a course platform shows the learner; null when the verdict is pass. */
function failureReason(result: LabResult): string | null {
  if (result.verdict === 'pass') return null;
  return result.checks.find((c) => !c.ok)?.message ?? `${result.lab}: nothing was graded`;
}
