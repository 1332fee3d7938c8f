import { exitFlushed, oneLine } from '@kafka-labs/cli';
import { ChildError, describeFailure, interruptChildren, killAllChildrenNow, runningCount } from './process.ts';

/** A run cut short by a signal (Ctrl-C): every wait rejects with it. */
export class Interrupted extends Error {
  override name = 'Interrupted';
  constructor(readonly signal: NodeJS.Signals) {
    super(`interrupted by ${signal}`);
  }
}

export interface FailurePath {
  /** True once a throw or a signal has started the failure path. */
  readonly failing: boolean;
}

/**
 * Installs a run's one failure path: the first throw nobody caught (exit 2) or SIGINT/SIGTERM (exit 130) makes every
 * wait reject, reports it through `report`, awaits `finish(reason)` and exits; a second signal kills the
 * children and exits at once. On the process's exit, whatever the code, the children are killed and `onExit` runs.
 */
export function installFailurePath(options: {
  /** Reports the one line of a failure: its reason, whether a signal caused it, how many processes are still running. */
  report: (reason: string, interrupted: boolean, running: number) => void;
  finish: (reason: string) => Promise<void>;
  onExit: (code: number) => void;
}): FailurePath {
  let failing = false;
  const fail = async (reason: string, exitCode: 2 | 130) => {
    if (failing) return;
    failing = true;
    const interrupt = exitCode === 130 ? new Interrupted(reason.replace(/^interrupted by /, '') as NodeJS.Signals) : new ChildError(reason);
    interruptChildren(interrupt);
    options.report(reason, exitCode === 130, runningCount());
    await options.finish(reason);
    await exitFlushed(exitCode);
  };
  const onError = (err: unknown) => {
    // Once the run is failing, what the stopped children make their waits throw is a consequence, not news.
    if (failing) return;
    void fail(describeFailure(err) ?? oneLine(err), 2);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (!failing) return void fail(`interrupted by ${signal}`, 130);
    // A second Ctrl-C: stop waiting for a graceful end.
    killAllChildrenNow();
    process.exit(130);
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.once('exit', (code) => {
    killAllChildrenNow();
    options.onExit(code);
  });
  return {
    get failing() {
      return failing;
    },
  };
}
