import { ChildError, type Child } from './process.ts';

/** A child's log read as events while it runs: what it said so far, and waits on what it will say. */
export interface LogWatch<E extends { kind: string }> {
  /** The events of the child's lines so far (lines the parser does not know are left out). */
  events(): E[];
  /**
   * Resolves once `test()` holds, checking it again on every new line of the child (`test` may read other logs too);
   * unlike lab-kit's `until`, which polls on a clock, it waits on the child's output.
   */
  untilLogged(what: string, test: () => boolean, timeoutMs?: number): Promise<void>;
  /** Resolves with the first event of `kind` (seen or to come) that satisfies `test`; rejects after `timeoutMs` naming `what`. */
  waitFor<K extends E['kind']>(what: string, kind: K, test?: (event: Extract<E, { kind: K }>) => boolean, timeoutMs?: number): Promise<Extract<E, { kind: K }>>;
}

/** How long a wait on a log may take unless the caller says otherwise. */
const WAIT_MS = 90_000;

/**
 * Watches `child`'s output with a program's line parser (`parseWorkerLine`, `parseTxnLine`). Every wait is bounded
 * and rejects at once when the child has exited or the lab is interrupted, naming the child and what was awaited.
 */
export function watchLog<E extends { kind: string }>(child: Child, parseLine: (line: string) => E | undefined): LogWatch<E> {
  let read = 0;
  const parsed: E[] = [];
  const events = () => {
    for (; read < child.lines.length; read++) {
      const event = parseLine(child.lines[read]!);
      if (event) parsed.push(event);
    }
    return parsed;
  };
  const untilLogged = async (what: string, test: () => boolean, timeoutMs = WAIT_MS) => {
    const deadline = Date.now() + timeoutMs;
    while (!test()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new ChildError(`${child.name}: no ${what} within ${timeoutMs / 1000} s`, true);
      await child.waitForLine(/^/, { after: child.lines.length, timeoutMs: left }).catch((error: Error) => {
        if (!(error instanceof ChildError)) throw error;
        throw error.timedOut
          ? new ChildError(`${child.name}: no ${what} within ${timeoutMs / 1000} s`, true)
          : new ChildError(`${child.name}: no ${what} (${error.message.replace(/^\S+ /, '')})`);
      });
    }
  };
  const find = <K extends E['kind']>(kind: K, test: (event: Extract<E, { kind: K }>) => boolean) =>
    events().find((e): e is Extract<E, { kind: K }> => e.kind === kind && test(e as Extract<E, { kind: K }>));
  return {
    events,
    untilLogged,
    async waitFor(what, kind, test = () => true, timeoutMs) {
      await untilLogged(what, () => find(kind, test) !== undefined, timeoutMs);
      return find(kind, test)!;
    },
  };
}
