import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT_CODES, formatText, type LabResult } from '@kafka-labs/grader';
import { createRunFolder, gradeRun, listLabs, markLatest, resolveLabs, type LabEntry, type RunInfo } from '@kafka-labs/lab-kit';
import { oneLine, parseCommand, runMain, UsageError } from '@kafka-labs/cli';
import { writeReport } from '@kafka-labs/report';

/** The exit code of a run script that was interrupted (Ctrl-C, SIGTERM): the lab runner stops there too. */
const INTERRUPTED = 130;

const usage = () => `usage: pnpm lab <lab-id|track>

Runs a lab end to end on the real broker, prints its transcript, writes runs/<lab-id>/<timestamp>/
(with result.json, report.html and report.png) and exits 0 when the verdict holds, 1 when it does not, 2 on a
usage or environment error, 130 when interrupted. A track name runs all of its labs.

labs:
${listLabs()
  .map((l) => `  ${l.id.padEnd(28)} ${l.track.padEnd(28)} ${l.title}`)
  .join('\n')}`;

/** Set by SIGTERM (e.g. to the pnpm process): the running lab is stopped and no further lab of a track starts. */
let terminated = false;

await runMain('error', usage, async (argv) => {
  const [command, ...extra] = parseCommand({}, argv).positionals;
  if (!command || extra.length) throw new UsageError(command ? `unexpected argument "${extra[0]}"` : 'missing lab id or track');
  let exitCode = 0;
  for (const lab of resolveLabs(command)) {
    if (terminated) break;
    const { result, scriptExit } = await runLab(lab);
    console.log(`\n${formatText(result)}`);
    if (scriptExit === INTERRUPTED) return INTERRUPTED;
    exitCode = Math.max(exitCode, EXIT_CODES[result.verdict]);
  }
  return exitCode;
});

/**
 * Runs the lab's script into a new run folder, grades the folder and writes result.json. A script that did not
 * finish (exit code other than 0) makes the verdict unknown, with its reason from run.json in the run-script check;
 * runs/<id>/latest moves only to a run whose script finished.
 */
async function runLab(lab: LabEntry): Promise<{ result: LabResult; scriptExit: number }> {
  const runDir = createRunFolder(lab.id);
  const scriptExit = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, lab.runScript], {
      stdio: 'inherit',
      env: { ...process.env, KAFKA_LABS_RUN_DIR: runDir },
    });
    // Ctrl-C reaches the run script too; it stops its own children, then we report. SIGTERM is sent to this
    // process alone (pnpm passes it on), so it is passed on to the run script.
    const ignore = () => {};
    const terminate = () => {
      terminated = true;
      child.kill('SIGTERM');
    };
    process.on('SIGINT', ignore);
    process.on('SIGTERM', terminate);
    child.on('close', (code, signal) => {
      process.off('SIGINT', ignore);
      process.off('SIGTERM', terminate);
      resolve(code ?? (signal ? INTERRUPTED : 1));
    });
  });
  const result = await gradeRun(lab, runDir);
  if (scriptExit === 0) {
    markLatest(runDir);
  } else {
    const failure = runFailure(runDir);
    result.verdict = 'unknown';
    result.checks.unshift({
      id: 'run-script',
      ok: false,
      message: `the run script did not finish (exit code ${scriptExit})${failure ? `: ${failure}` : ''}; see ${join(runDir, 'transcript.txt')}`,
    });
  }
  writeFileSync(join(runDir, 'result.json'), `${JSON.stringify(result, null, 2)}\n`);
  // The picture adds to the verdict and never changes it: a report that cannot be written is one line on stderr.
  try {
    const report = await writeReport(runDir, lab, result);
    console.log(`\nreport: ${report.html}${report.png ? '' : ' (no Chromium here, so no report.png)'}`);
  } catch (err) {
    console.error(`report: not written: ${oneLine(err)}`);
  }
  return { result, scriptExit };
}

/** The one-line reason the run script recorded in run.json when it did not finish. */
function runFailure(runDir: string): string | null {
  const file = join(runDir, 'run.json');
  if (!existsSync(file)) return null;
  try {
    const failure = (JSON.parse(readFileSync(file, 'utf8')) as Partial<RunInfo>).failure;
    return typeof failure === 'string' ? failure : null;
  } catch {
    return null;
  }
}
