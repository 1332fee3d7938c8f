import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { progress } from './progress.ts';

/** A run's transcript: what the terminal shows, appended line by line to transcript.txt of the run folder. */
export interface Transcript {
  /** Prints lines to the terminal and appends them to transcript.txt. */
  say(...lines: string[]): void;
  /** A numbered heading. */
  step(title: string): void;
  /** Evidence lines under a label, indented. */
  show(label: string, lines: string[]): void;
  /** The one line that ends a failed run, on stderr and in transcript.txt. */
  failure(line: string): void;
}

export function openTranscript(runDir: string): Transcript {
  const file = join(runDir, 'transcript.txt');
  let steps = 0;
  const say = (...lines: string[]) => {
    progress.clear();
    for (const line of lines) {
      console.log(line);
      appendFileSync(file, `${line}\n`);
    }
  };
  return {
    say,
    step: (title) => say('', `-- ${++steps}. ${title}`),
    show: (label, lines) => say(`   ${label}:`, ...lines.map((l) => `     ${l}`)),
    failure(line) {
      progress.clear();
      process.stderr.write(`\n${line}\n`);
      appendFileSync(file, `\n${line}\n`);
    },
  };
}
