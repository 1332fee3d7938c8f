import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { programArgs } from '@kafka-labs/build';
import { resolveLabs } from '@kafka-labs/lab-kit/catalog';
import { commandLang, LANG_FLAG, parseCommand, runMain, UsageError } from '@kafka-labs/cli';

const USAGE = `usage: pnpm incident <lab-id> --work DIR [--seed N] [--lang en|ko]

Sets up an exercise's incident (08-diagnose) for a learner to diagnose, in the work folder DIR: it starts the broker
if need be, makes the incident's topics, runs its workers and leaves their evidence (logs, a database dump, run.json
with the incident's names and seed) in DIR. It does not grade: the learner's report is not there yet.
Exit code 0 once the incident is in place, 2 on a usage error or a broken environment (the broker, the database),
130 when interrupted.
  --work DIR    the learner's work folder (made if missing; it must be empty)
  --seed N      the incident's seed, a whole number: the same seed sets up the same cause (default: random)
  --lang en|ko  ${LANG_FLAG.help}`;

/** Interrupted: the exit code of a run script stopped by Ctrl-C. */
const INTERRUPTED = 130;

await runMain('error', USAGE, async (argv) => {
  const { positionals, flags } = parseCommand(
    {
      work: { kind: 'string', required: true, help: 'the work folder' },
      seed: { kind: 'string', pattern: /^\d{1,9}$/, help: 'the seed' },
      lang: LANG_FLAG,
    },
    argv,
  );
  const [id, ...extra] = positionals;
  if (!id) throw new UsageError('missing lab id');
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const labs = resolveLabs(id);
  if (labs.length !== 1) throw new UsageError(`"${id}" is a track; set up one lab's incident`);
  const lab = labs[0]!;
  // A lab with an incident sets up only the incident when KAFKA_LABS_INCIDENT_ONLY is set (else it also solves it).
  if (!readFileSync(lab.runScript, 'utf8').includes('KAFKA_LABS_INCIDENT_ONLY')) throw new UsageError(`${lab.id} has no incident to set up`);
  // pnpm runs the script at the repository root; a relative folder is the learner's, from where they typed.
  const work = resolve(process.env.INIT_CWD ?? process.cwd(), flags.work);
  if (existsSync(work) && readdirSync(work).length > 0) throw new UsageError(`${work} is not empty: give an empty or new folder`);
  const lang = commandLang(flags.lang);
  return new Promise<number>((done) => {
    const child = spawn(process.execPath, [...programArgs(lab.runScript)], {
      stdio: 'inherit',
      env: {
        ...process.env,
        KAFKA_LABS_RUN_DIR: work,
        KAFKA_LABS_INCIDENT_ONLY: '1',
        KAFKA_LABS_LANG: lang,
        ...(flags.seed !== undefined ? { KAFKA_LABS_SEED: flags.seed } : {}),
      },
    });
    // Ctrl-C reaches the run script too, which stops its own children; SIGTERM is passed on.
    process.on('SIGINT', () => {});
    process.on('SIGTERM', () => child.kill('SIGTERM'));
    child.on('close', (code, signal) => done(code ?? (signal === 'SIGINT' ? INTERRUPTED : 2)));
  });
});
