import { spawn } from 'node:child_process';
import { watch, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { programArgs } from '@kafka-labs/build';
import { EXIT_CODES, formatJson, formatJunit, formatText, gradeRun, type LabResult } from '@kafka-labs/grader';
import { createRunFolder, markLatest, readLabBench, readRegistry, REPO_ROOT, resolveLabs, takes, type LabEntry, type Registry } from '@kafka-labs/lab-kit/catalog';
import { commandLang, LANG_FLAG, oneLine, parseCommand, runMain, UsageError, useColor, writeFlagFile } from '@kafka-labs/cli';
import { displayWidth, LANG_ENV, padDisplay, textsIn, titleIn, type Lang } from '@kafka-labs/i18n';
import { MESSAGES } from './messages.ts';
import type { Camera } from '@kafka-labs/report';

/** The exit code of a run script that was interrupted (Ctrl-C, SIGTERM): the lab runner stops there too. */
const INTERRUPTED = 130;

const FLAGS = {
  repeat: { kind: 'number', min: 1, integer: true, default: 1, help: 'run each lab N times and print how many passed' },
  parallel: {
    kind: 'number',
    min: 1,
    integer: true,
    default: 1,
    help: 'run up to N labs at once on the running broker, grouped by the broker they need',
  },
  json: { kind: 'boolean', help: 'print the result.json of the run(s) on stdout (an array for more than one run); the transcript goes to stderr' },
  junit: { kind: 'string', help: 'write the run(s) as JUnit XML to this file' },
  lang: LANG_FLAG,
  reset: { kind: 'boolean', help: "an exercise: remove what its steps created (topics, consumer groups, work-folder files), as before step 1" },
  step: { kind: 'number', min: 1, integer: true, help: 'with --reset: as before step N (what steps N and later created)' },
  work: { kind: 'string', help: 'with --reset: the work folder (default work/<lab-id>)' },
} as const;

/** The labs as a table in `lang`: id, track, grader (folder or live), how long it takes (bench/labs.json), title. */
function listing({ labs }: Registry, lang: Lang): string {
  const t = textsIn(MESSAGES, lang);
  const bench = readLabBench();
  const rows = [
    [t.labHeading(), t.trackHeading(), t.graderHeading(), t.takesHeading(), t.titleHeading()],
    ...labs.map((l) => [l.id, l.track, l.live ? t.liveGrader() : t.folderGrader(), takes(l, bench, lang), titleIn(l, lang)]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => displayWidth(r[i]!))));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : padDisplay(cell, widths[i]!))).join('  ')).join('\n');
}

const usage = () => `usage: pnpm lab [<lab-id|track|all>... [--repeat N] [--parallel N] [--json | --junit FILE]] [--lang en|ko]
       pnpm lab <exercise> --reset [--step N] [--work DIR]

Runs a lab end to end on the real broker, prints its transcript, writes runs/<lab-id>/<timestamp>/
(with result.json, report.html and report.png) and exits 0 when the verdict holds, 1 when it does not, 2 on a
usage or environment error, 130 when interrupted. A track name runs all of its labs, "all" every lab; several
names run what each selects. Without a lab, lists them (a live grader also reads the running broker and proxy,
not only the run folder).
  --repeat N    ${FLAGS.repeat.help}
  --parallel N  ${FLAGS.parallel.help} (the broker restarts
                once per group); a lab whose manifest says "alone" runs by itself, two runs of one lab never at
                once; prints a line when a run starts and ends (lab, verdict, seconds), then its whole transcript
  --json        ${FLAGS.json.help}
  --junit FILE  ${FLAGS.junit.help}
  --lang en|ko  ${FLAGS.lang.help}
  --reset       ${FLAGS.reset.help}; exit 2 when the broker does not answer
  --step N      ${FLAGS.step.help}
  --work DIR    ${FLAGS.work.help}

${listing(readRegistry(), commandLang(undefined))}`;

/** Set by SIGTERM (e.g. to the pnpm process): the running lab is stopped and no further lab of a track starts. */
let terminated = false;

/**
 * The browser for report.png, started (at a low CPU priority) while the first run script runs, so that it is up when
 * the run ends; one for all runs of the command. The report package is imported only then, not before a
 * lab's first step. Null without Chromium, or when it cannot be started (the report says why, with its own browser).
 */
let camera: Promise<Camera | null> | undefined;
const startCamera = () => (camera ??= import('@kafka-labs/report').then((report) => report.openCamera()).catch(() => null));

await runMain('error', usage, async (argv) => {
  const { positionals, flags } = parseCommand(FLAGS, argv);
  const [command, ...extra] = positionals;
  const lang = commandLang(flags.lang);
  const t = textsIn(MESSAGES, lang);
  if (extra.length && flags.reset) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const registry = readRegistry();
  const warnBroken = (track?: string) => {
    for (const lab of registry.broken.filter((b) => track === undefined || b.track === track)) {
      process.stderr.write(`warning: ${lab.reason} (lab ${lab.folder} left out)\n`);
    }
  };
  if (!command) {
    if (flags.json || flags.junit || flags.repeat !== 1 || flags.parallel !== 1) throw new UsageError('--repeat, --parallel, --json and --junit need a lab id or track');
    console.log(listing(registry, lang));
    warnBroken();
    return 0;
  }
  // Several names run the labs they select, each once, in the order given.
  const labs = [...new Map(positionals.flatMap((name) => resolveLabs(name, registry)).map((l) => [l.id, l] as const)).values()];
  if (flags.reset) return await reset(labs, flags);
  if (flags.step !== undefined || flags.work !== undefined) throw new UsageError('--step and --work go with --reset');
  const everyLab = positionals.includes('all') && !registry.labs.some((l) => l.id === 'all' || l.track === 'all');
  const brokenInTrack = registry.broken.filter((b) => everyLab || positionals.includes(b.track));
  if (everyLab) warnBroken();
  else for (const name of new Set(positionals)) warnBroken(name);

  // With --json stdout is the result alone; the transcript and the text report go to stderr.
  const out = flags.json ? process.stderr : process.stdout;
  const print = (text: string) => out.write(`${text}\n`);
  const color = useColor(out);
  const results: LabResult[] = [];
  const tallies = labs.map((lab) => ({ lab: lab.id, passed: 0, runs: 0 }));
  let exitCode = brokenInTrack.length ? 2 : 0;
  let interrupted = false;
  const record = (lab: LabEntry, { result, scriptExit }: { result: LabResult; scriptExit: number }) => {
    results.push(result);
    const tally = tallies.find((x) => x.lab === lab.id)!;
    tally.runs++;
    if (result.verdict === 'pass') tally.passed++;
    exitCode = Math.max(exitCode, EXIT_CODES[result.verdict]);
    if (scriptExit === INTERRUPTED) interrupted = true;
  };
  if (flags.parallel === 1) {
    for (const lab of labs) {
      for (let run = 1; run <= flags.repeat && !terminated && !interrupted; run++) {
        if (flags.repeat > 1) print(`\n${t.repeatRun({ lab: lab.id, run, of: flags.repeat })}`);
        const outcome = await runLab(lab, out, lang);
        print(`\n${formatText(outcome.result, { color })}`);
        record(lab, outcome);
      }
      if (terminated || interrupted) break;
    }
  } else {
    const { nextRun, scheduleRuns } = await import('./schedule.ts');
    for (const batch of scheduleRuns(labs, flags.repeat, flags.parallel)) {
      const queue = [...batch.runs];
      const running = new Map<string, Promise<void>>();
      while ((queue.length > 0 && !terminated && !interrupted) || running.size > 0) {
        const next = running.size < batch.width && !terminated && !interrupted ? nextRun(queue, new Set(running.keys())) : -1;
        if (next < 0) {
          await Promise.race(running.values());
          continue;
        }
        const [{ lab, run }] = queue.splice(next, 1) as [{ lab: LabEntry; run: number }];
        const which = flags.repeat > 1 ? t.runOf({ run, of: flags.repeat }) : '';
        print(t.runStarted({ lab: lab.id, which, others: running.size, ...(lab.alone === undefined ? {} : { alone: lab.alone }) }));
        const began = performance.now();
        const captured: string[] = [];
        running.set(
          lab.id,
          runLab(lab, out, lang, captured).then((outcome) => {
            running.delete(lab.id);
            const seconds = ((performance.now() - began) / 1000).toFixed(1);
            const line = t.runEnded({ lab: lab.id, which, verdict: outcome.result.verdict, seconds });
            const painted = color ? `\x1b[1;${outcome.result.verdict === 'pass' ? 32 : 31}m${line}\x1b[0m` : line;
            out.write(`${painted}\n${captured.join('')}\n${formatText(outcome.result, { color })}\n`);
            record(lab, outcome);
          }),
        );
      }
      if (terminated || interrupted) break;
    }
  }
  if (flags.repeat > 1) {
    print('');
    for (const { lab, passed, runs } of tallies) {
      const line = t.tally({ lab, passed, of: flags.repeat, notRun: flags.repeat - runs });
      print(color ? `\x1b[1;${passed === flags.repeat ? 32 : 31}m${line}\x1b[0m` : line);
    }
  }
  await (await camera)?.close();
  if (flags.junit) writeFlagFile('--junit', flags.junit, formatJunit(results));
  if (flags.json) console.log(formatJson(results.length === 1 ? results[0]! : results));
  return interrupted ? INTERRUPTED : exitCode;
});

/** `--reset`: one exercise back to before step N; prints what it removed. */
async function reset(labs: LabEntry[], flags: { repeat: number; json: boolean; junit?: string; step?: number; work?: string }): Promise<number> {
  if (flags.json || flags.junit || flags.repeat !== 1) throw new UsageError('--reset goes without --repeat, --json and --junit');
  if (labs.length !== 1) throw new UsageError('--reset takes one exercise, not a track');
  const lab = labs[0]!;
  const steps = lab.exercise?.steps.length ?? 0;
  if (!steps) throw new UsageError(`${lab.id} is not an exercise (its manifest has no exercise.steps)`);
  const from = flags.step ?? 1;
  if (from > steps) throw new UsageError(`${lab.id} has ${steps} steps; --step ${from} is not one of them`);
  const workDir = resolve(process.env.INIT_CWD ?? process.cwd(), flags.work ?? join(REPO_ROOT, 'work', lab.id));
  const { resetExercise, ResetEnvironmentError } = await import('./reset.ts');
  try {
    const done = await resetExercise(lab, from, workDir);
    const list = (names: string[]) => (names.length ? names.join(', ') : '-');
    console.log(`${lab.id}: back to before step ${from}: removed topics ${list(done.topics)}; groups ${list(done.groups)}; files in ${workDir}: ${list(done.files)}`);
    return 0;
  } catch (err) {
    if (err instanceof ResetEnvironmentError) {
      console.error(`error: ${oneLine(err)}`);
      return 2;
    }
    throw err;
  }
}

/**
 * Runs the lab's script into a new run folder (its output to `out`), grades the folder and writes result.json. A
 * script that did not finish (exit code other than 0) makes the verdict unknown (gradeRun decides, given the exit
 * code); runs/<id>/latest moves only to a run whose script finished.
 */
async function runLab(lab: LabEntry, out: NodeJS.WriteStream, lang: Lang, captured?: string[]): Promise<{ result: LabResult; scriptExit: number }> {
  const t = textsIn(MESSAGES, lang);
  const runDir = createRunFolder(lab.id);
  // With `captured` (runs side by side) the script's output is kept, to be printed whole when the run ends.
  const write = (text: string) => (captured ? captured.push(text) : out.write(text));
  // Its stderr (a failure's one line) goes to stderr, as without --parallel, once the run ended.
  const errors: string[] = [];
  const scriptExit = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [...programArgs(lab.runScript)], {
      stdio: captured ? ['ignore', 'pipe', 'pipe'] : ['inherit', out === process.stderr ? 2 : 'inherit', 'inherit'],
      env: { ...process.env, KAFKA_LABS_RUN_DIR: runDir, [LANG_ENV]: lang },
    });
    child.stdout?.on('data', (chunk: Buffer) => captured!.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
    // Ctrl-C reaches the run script too; it stops its own children, then we report. SIGTERM is sent to this
    // process alone (pnpm passes it on), so it is passed on to the run script.
    const ignore = () => {};
    const terminate = () => {
      terminated = true;
      child.kill('SIGTERM');
    };
    process.on('SIGINT', ignore);
    process.on('SIGTERM', terminate);
    // Once the run script writes its transcript, its own start-up is over: the browser's start no longer slows it.
    const started = watch(runDir, (_, file) => file === 'transcript.txt' && (started.close(), void startCamera()));
    child.on('close', (code, signal) => {
      started.close();
      process.off('SIGINT', ignore);
      process.off('SIGTERM', terminate);
      if (errors.length) process.stderr.write(errors.join(''));
      resolve(code ?? (signal ? INTERRUPTED : 1));
    });
  });
  const result = await gradeRun(lab, runDir, { scriptExit, lang });
  if (scriptExit === 0) markLatest(runDir);
  writeFileSync(join(runDir, 'result.json'), `${formatJson(result)}\n`);
  // The picture adds to the verdict and never changes it: a report that cannot be written is one line on stderr.
  try {
    const { writeReport } = await import('@kafka-labs/report');
    const report = await writeReport(runDir, lab, result, await startCamera());
    write(`\n${report.png ? t.report({ html: report.html }) : t.reportNoPng({ html: report.html })}\n`);
  } catch (err) {
    if (captured) captured.push(`${t.reportNotWritten({ reason: oneLine(err) })}\n`);
    else console.error(t.reportNotWritten({ reason: oneLine(err) }));
    // A browser that failed once is not asked again: the next run starts another.
    await (await camera)?.close();
    camera = undefined;
  }
  return { result, scriptExit };
}
