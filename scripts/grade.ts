import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EXIT_CODES, failureReason, formatJson, formatJunit, formatReport, gradeRun } from '@kafka-labs/grader';
import { latestRunFolder, resolveLabs } from '@kafka-labs/lab-kit/catalog';
import { commandLang, LANG_FLAG, parseCommand, runMain, UsageError, useColor, writeFlagFile } from '@kafka-labs/cli';

const USAGE = `usage: pnpm grade <lab-id> [run-folder] [--step N] [--json | --junit FILE] [--lang en|ko]

Grades a run folder (default: runs/<lab-id>/latest) with the lab's own grader, without re-running
anything. Exit code 0 pass, 1 fail (the work is wrong), 2 the environment is broken (broker unreachable, a tool
missing: the report says so), a usage error or a run folder that does not exist.
  --step N      only step N of an exercise (a course platform's check): --json then has \`step\`, \`title\` and the
                check's own \`durationMs\`, --junit one testcase named by the step's title
  --json        print result.json instead of the text report
  --junit FILE  also write JUnit XML (an exercise: one testcase per step, named by its title)
  --lang en|ko  ${LANG_FLAG.help}
On a failure the text report starts with a line "FAIL: <reason>" (Instruqt check scripts), and the
reason is also written to the file named by $VERIFICATION_FAILURE_REASON when it is set (Katacoda-style
verify scripts). A live lab's grader (\`pnpm lab\` lists them) also reads the running broker and proxy: what it
read is the report's "live" section (result.json's \`live\`).`;

const FLAGS = {
  step: { kind: 'number', min: 1, integer: true, help: 'only this step' },
  json: { kind: 'boolean', help: 'print result.json' },
  junit: { kind: 'string', help: 'write JUnit XML to this file' },
  lang: LANG_FLAG,
} as const;

await runMain('error', USAGE, async (argv) => {
  const { positionals, flags } = parseCommand(FLAGS, argv);
  const [command, folder] = positionals;
  const lang = commandLang(flags.lang);
  if (!command) throw new UsageError('missing lab id');
  const labs = resolveLabs(command);
  if (labs.length !== 1) throw new UsageError(`"${command}" is a track; grade one lab at a time`);
  const lab = labs[0]!;
  const step = flags.step;
  const steps = lab.exercise?.steps.length ?? 0;
  if (step !== undefined && steps && step > steps) throw new UsageError(`${lab.id} has ${steps} steps; --step ${step} is not one of them`);
  // A folder is relative to where pnpm was called (INIT_CWD), e.g. inside a track folder.
  const runDir = folder ? resolve(process.env.INIT_CWD ?? process.cwd(), folder) : latestRunFolder(lab.id);
  const result = await gradeRun(lab, runDir, { step, lang });
  if (step !== undefined && result.checks.length === 0) throw new UsageError(`${lab.id} has no checks for step ${step}`);
  const reason = failureReason(result);
  const reasonFile = process.env.VERIFICATION_FAILURE_REASON;
  if (reason && reasonFile) writeFileSync(reasonFile, `${reason}\n`);
  if (flags.junit) writeFlagFile('--junit', flags.junit, formatJunit(result));
  if (flags.json) console.log(formatJson(result));
  else console.log(formatReport(result, { color: useColor(process.stdout) }));
  return EXIT_CODES[result.verdict];
});
