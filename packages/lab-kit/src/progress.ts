/** A wait longer than this shows the progress line. */
const SHOW_AFTER_MS = 3000;
const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

interface Wait {
  title: string;
  since: number;
  limitMs?: number;
}

/**
 * One progress line on a terminal for the waits of a lab: while any wait has lasted SHOW_AFTER_MS, `stream` (stderr)
 * shows the oldest one with its elapsed time and bound, redrawn in place; nothing at all when `stream` is not a terminal.
 */
export function createProgress(stream: { isTTY?: boolean; write(text: string): unknown }, showAfterMs = SHOW_AFTER_MS) {
  const waits = new Set<Wait>();
  let timer: NodeJS.Timeout | undefined;
  let frame = 0;
  let shown = false;

  const clear = () => {
    if (shown) stream.write('\r\x1b[2K');
    shown = false;
  };
  const draw = () => {
    const now = Date.now();
    const [oldest] = [...waits].sort((a, b) => a.since - b.since);
    if (!oldest || now - oldest.since < showAfterMs) return clear();
    const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
    const bound = oldest.limitMs ? ` of at most ${seconds(oldest.limitMs)}` : '';
    const more = waits.size > 1 ? `, and ${waits.size - 1} more` : '';
    stream.write(`\r\x1b[2K${FRAMES[frame++ % FRAMES.length]} ${oldest.title} (${seconds(now - oldest.since)}${bound}${more})`);
    shown = true;
  };

  return {
    /** Shows `title` (`waiting for ...`) while `work` is pending, once it has waited long enough; returns `work` itself. */
    track<T>(title: string, work: Promise<T>, limitMs?: number): Promise<T> {
      if (!stream.isTTY) return work;
      const wait: Wait = { title, since: Date.now(), limitMs };
      waits.add(wait);
      timer ??= setInterval(draw, 100).unref();
      const done = () => {
        waits.delete(wait);
        if (waits.size > 0) return;
        clearInterval(timer);
        timer = undefined;
        clear();
      };
      work.then(done, done);
      return work;
    },
    /** Removes the line before other output is written to the terminal; the next tick draws it again below that output. */
    clear,
  };
}

/** The progress line of this process's lab, on stderr. */
export const progress = createProgress(process.stderr);
