import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EXIT_CODES, formatJson, formatJunit, formatText } from '@kafka-labs/grader';
import { gradeRun, latestRunFolder, resolveLabs } from '@kafka-labs/lab-kit';
import { cli } from './cli.ts';

const USAGE = `usage: pnpm grade <lab-id> [run-folder] [--json | --junit FILE]

Grades a run folder (default: runs/<lab-id>/latest) with the lab's own grader, without re-running
anything. Exit code 0 pass, 1 fail, 2 usage error or a run folder that does not exist.`;

await cli(USAGE, async ({ command, positionals, flags }) => {
  if (!command) throw cli.usage('missing lab id');
  const labs = resolveLabs(command);
  if (labs.length !== 1) throw cli.usage(`"${command}" is a track; grade one lab at a time`);
  const lab = labs[0]!;
  const runDir = resolve(positionals[0] ?? latestRunFolder(lab.id));
  const result = await gradeRun(lab, runDir);
  const junit = flags.string('junit');
  if (junit) writeFileSync(junit, formatJunit(result));
  console.log(flags.boolean('json') ? formatJson(result) : formatText(result));
  return EXIT_CODES[result.verdict];
});
