import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { commandLang, LANG_FLAG, parseCommand, runMain, UsageError } from '@kafka-labs/cli';
import { REPO_ROOT, resolveLabs } from '@kafka-labs/lab-kit/catalog';
import { EXPORTERS, PLATFORMS, type Platform } from './platforms.ts';

const USAGE = `usage: pnpm export killercoda|instruqt <lab-id> <dir> [--lang en|ko] [--repo URL]

Writes a course platform's scenario for an exercise (a lab whose manifest lists exercise steps) into <dir>, which
must not exist or be empty:
  killercoda  index.json (intro, one step per exercise step with its text and verify script, finish), setup.sh (the
              background set-up: clones the kit, runs scripts/setup.sh --no-lab, starts the broker), wait.sh
  instruqt    track.yml, config.yml, one challenge folder per step (assignment.md, check-kafka-labs; the first also
              setup-kafka-labs)
Each step's check is \`pnpm -s grade <lab-id> "$WORK" --step N\` on the platform's machine: exit 0 pass, 1 the work
is wrong (the reason and the step's hint are printed; Instruqt's fail-message shows them), 2 the environment is broken.
  --lang en|ko  the language of the texts and of the checks' messages (else KAFKA_LABS_LANG, else the locale, else en)
  --repo URL    the git URL the platform clones the kit from (default: this clone's remote "origin")`;

const FLAGS = {
  lang: LANG_FLAG,
  repo: { kind: 'string', help: 'a git URL' },
} as const;

function originUrl(): string | null {
  try {
    return execFileSync('git', ['-C', REPO_ROOT, 'remote', 'get-url', 'origin'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

await runMain('error', USAGE, async (argv) => {
  const { positionals, flags } = parseCommand(FLAGS, argv);
  const [platform, id, dir, ...extra] = positionals;
  if (!platform) throw new UsageError('missing platform (killercoda or instruqt)');
  if (!PLATFORMS.includes(platform as Platform)) throw new UsageError(`unknown platform "${platform}"; known: ${PLATFORMS.join(', ')}`);
  if (!id) throw new UsageError('missing lab id');
  if (!dir) throw new UsageError('missing output folder');
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const labs = resolveLabs(id);
  if (labs.length !== 1) throw new UsageError(`"${id}" is a track; export one exercise at a time`);
  const lab = labs[0]!;
  if (!lab.exercise?.steps.length) throw new UsageError(`${lab.id} is not an exercise (its manifest has no exercise.steps)`);
  const repo = flags.repo ?? originUrl();
  if (!repo) throw new UsageError('--repo URL is needed: this clone has no remote "origin"');
  const out = resolve(process.env.INIT_CWD ?? process.cwd(), dir);
  if (existsSync(out) && readdirSync(out).length) throw new UsageError(`${out} is not empty`);
  const files = EXPORTERS[platform as Platform](lab, { lang: commandLang(flags.lang), repo });
  for (const file of files) {
    const path = join(out, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.text);
    if (file.executable) chmodSync(path, 0o755);
  }
  console.log(`${platform}: ${lab.id}: ${files.length} files in ${out}`);
  return 0;
});
