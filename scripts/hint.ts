import { commandLang, LANG_FLAG, parseCommand, runMain, UsageError } from '@kafka-labs/cli';
import { resolveLabs } from '@kafka-labs/lab-kit/catalog';
import { hintLines } from './hints.ts';

const USAGE = `usage: pnpm hint <lab-id> <step> [--all] [--lang en|ko]

Prints a hint for step <step> of an exercise (from its manifest), before or after a failed check: the first, mildest
hint, or every hint of the step with --all. Nothing is remembered between calls. Exit code 0, 2 for a usage error.
  --all         every hint of the step, numbered, mildest first
  --lang en|ko  the language of the hints (else KAFKA_LABS_LANG, else the locale, else en)`;

const FLAGS = {
  all: { kind: 'boolean', help: 'every hint of the step' },
  lang: LANG_FLAG,
} as const;

await runMain('error', USAGE, async (argv) => {
  const { positionals, flags } = parseCommand(FLAGS, argv);
  const [id, stepText, ...extra] = positionals;
  if (!id) throw new UsageError('missing lab id');
  if (!stepText) throw new UsageError('missing step number');
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const labs = resolveLabs(id);
  if (labs.length !== 1) throw new UsageError(`"${id}" is a track; ask for a hint of one exercise`);
  console.log(hintLines(labs[0]!, stepText, { all: flags.all, lang: commandLang(flags.lang) }).join('\n'));
  return 0;
});
