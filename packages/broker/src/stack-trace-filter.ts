/** A line of a Java stack trace below its first: a frame, an elided count, a cause or a suppressed exception. */
const TRACE_LINE = /^\s+at \S|^\s+\.\.\. \d+ more$|^Caused by: \S|^\s+Suppressed: \S/;
/** A line that may head a stack trace: a fully qualified class name, then maybe `: message`. */
const TRACE_HEAD = /^[a-z][\w$]*(?:\.[\w$]+)+(?::\s.*)?$/;

interface Writer {
  write(chunk: Buffer | string): unknown;
}

/**
 * A writer that passes text on line by line but leaves out Java stack traces (a class-name line followed by `at`
 * frames, `... n more`, `Caused by:`, and one blank line after them); `end()` writes what it still holds and answers
 * whether it left a trace out. Only a line that could head a trace is held until the next line comes.
 */
export function withoutStackTraces(out: Writer): Writer & { end(): boolean } {
  let partial = '';
  let held: string | undefined;
  let inTrace = false;
  let dropped = false;
  const line = (text: string) => {
    if (TRACE_LINE.test(text)) {
      held = undefined;
      inTrace = dropped = true;
      return;
    }
    if (held !== undefined) out.write(`${held}\n`);
    held = undefined;
    if (inTrace && text.trim() === '') {
      inTrace = false;
      return;
    }
    inTrace = false;
    if (TRACE_HEAD.test(text)) held = text;
    else out.write(`${text}\n`);
  };
  return {
    write(chunk) {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      lines.forEach(line);
    },
    end() {
      if (partial) line(partial);
      partial = '';
      if (held !== undefined) out.write(`${held}\n`);
      held = undefined;
      return dropped;
    },
  };
}
