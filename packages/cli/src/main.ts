import { oneLine } from './errors.ts';

/** Resolves once everything written to `stream` so far has reached the OS: a pipe's reader may be slower than we are. */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.writableLength === 0 || stream.destroyed) resolve();
    else stream.write('', () => resolve());
  });
}

/** Exits with `code` once stdout and stderr hold nothing unwritten (process.exit alone cuts a pipe's output at 64-128 KiB). */
export async function exitFlushed(code: number): Promise<never> {
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}

/**
 * The edge of a command: prints `help` for --help/-h (a function: built only then, inside the edge), runs `main` with the arguments and exits with
 * its code; anything thrown becomes one line on stderr (`<prefix>: <reason>`), exit code 2 unless
 * `exitCodeOf` says otherwise, never a stack trace. Output to a pipe is written out in full before the exit, and a
 * reader that goes away (`| head`) ends the command quietly.
 */
export async function runMain(
  prefix: string,
  help: string | (() => string),
  main: (argv: string[]) => Promise<number>,
  exitCodeOf: (err: unknown) => number = () => 2,
): Promise<never> {
  const argv = process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--'));
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw err;
    });
  }
  let code: number;
  try {
    if (argv.includes('--help') || argv.includes('-h')) {
      console.log(typeof help === 'function' ? help() : help);
      return await exitFlushed(0);
    }
    code = await main(argv);
  } catch (err) {
    process.stderr.write(`${prefix}: ${oneLine(err)}\n`);
    code = exitCodeOf(err);
  }
  return await exitFlushed(code);
}

/**
 * Whether to colour output to `stream`: FORCE_COLOR decides when set (0 or false: no), then NO_COLOR (set: no), else
 * only a terminal that is not `dumb` gets colour. Files and logs (transcript.txt, result.json) never do.
 */
export function useColor(stream: { isTTY?: boolean } = process.stdout, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  if (env.NO_COLOR) return false;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/**
 * The arguments of a script that runs at its top level, parsed by `parse` (parseFlags or parseCommand): --help/-h
 * prints `help` and exits 0, and anything `parse` throws is one line on stderr (`<prefix>: <reason>`) and exit code
 * 2, before the script does any of its work.
 */
export function parseArgvOrExit<R>(prefix: string, help: string, parse: (argv: string[]) => R): R {
  const argv = process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--'));
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(help);
    process.exit(0);
  }
  try {
    return parse(argv);
  } catch (err) {
    process.stderr.write(`${prefix}: ${oneLine(err)}\n`);
    process.exit(2);
  }
}
