import { oneLine } from './errors.ts';

/**
 * The edge of a command: prints `help` for --help/-h (a function: built only then, inside the edge), runs `main` with the arguments and exits with
 * its code; anything thrown becomes one line on stderr (`<prefix>: <reason>`), exit code 2 unless
 * `exitCodeOf` says otherwise, never a stack trace.
 */
export async function runMain(
  prefix: string,
  help: string | (() => string),
  main: (argv: string[]) => Promise<number>,
  exitCodeOf: (err: unknown) => number = () => 2,
): Promise<never> {
  const argv = process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--'));
  try {
    if (argv.includes('--help') || argv.includes('-h')) {
      console.log(typeof help === 'function' ? help() : help);
      process.exit(0);
    }
    process.exit(await main(argv));
  } catch (err) {
    process.stderr.write(`${prefix}: ${oneLine(err)}\n`);
    process.exit(exitCodeOf(err));
  }
}
