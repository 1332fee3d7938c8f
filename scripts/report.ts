import { resolve } from 'node:path';
import { chromiumPath, writeReport } from '@kafka-labs/report';
import { latestRunFolder, resolveLabs } from '@kafka-labs/lab-kit/catalog';
import { gradeRun } from '@kafka-labs/grader';
import { commandLang, LANG_FLAG, parseCommand, runMain, UsageError } from '@kafka-labs/cli';

const USAGE = `usage: pnpm report <lab-id> [run-folder] [--lang en|ko]

Grades a run folder (default: runs/<lab-id>/latest) with the lab's own grader and writes report.html into it:
the verdict with each check, the figures and the pictures of the run, drawn only from the folder's files. With
Chromium installed it also writes report.png, the page at 1280 px. Prints the path of report.html.
Exit code 0, or 2 on a usage error or a run folder that does not exist.
  --lang en|ko  ${LANG_FLAG.help}`;

await runMain('error', USAGE, async (argv) => {
  const { positionals, flags } = parseCommand({ lang: LANG_FLAG }, argv);
  const [command, folder, ...extra] = positionals;
  const lang = commandLang(flags.lang);
  if (!command) throw new UsageError('missing lab id');
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const labs = resolveLabs(command);
  if (labs.length !== 1) throw new UsageError(`"${command}" is a track; report one lab at a time`);
  const lab = labs[0]!;
  const runDir = resolve(folder ?? latestRunFolder(lab.id));
  const report = await writeReport(runDir, lab, await gradeRun(lab, runDir, { lang }));
  if (!report.png) console.error(`report: no Chromium at ${chromiumPath()}, so no report.png (bash scripts/setup.sh installs it)`);
  console.log(report.html);
  return 0;
});
