import type { DaemonOptions } from '../daemon.ts';

/** A background proxy for tests: a free listening port, the broker's FAULT listener, this control port. */
export function daemonOptions(dir: string, controlPort: number): DaemonOptions {
  return { dir, controlPort, args: ['--listen', '127.0.0.1:0', '--upstream', '127.0.0.1:9533', '--control', String(controlPort)] };
}
