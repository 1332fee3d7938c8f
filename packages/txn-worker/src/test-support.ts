import { LogProcess } from '@kafka-labs/kafka-client/testing';
import { parseTxnLine, type TxnEvent, type TxnEventKind, type TxnEventOf } from '@kafka-labs/kafka-client/txn-log';
import { TXN_WORKER_CLI } from './paths.ts';

/** A txn-worker CLI as its own process, with its log parsed into events as they arrive. */
export class TxnWorkerProcess extends LogProcess<TxnEvent> {
  constructor(
    readonly name: string,
    args: string[],
  ) {
    super(TXN_WORKER_CLI, ['--name', name, ...args], parseTxnLine);
  }

  /** The first event of `kind` (seen or to come) that satisfies `test`. */
  async next<K extends TxnEventKind>(kind: K, test: (e: TxnEventOf<K>) => boolean = () => true, timeoutMs?: number): Promise<TxnEventOf<K>> {
    return (await this.waitFor(`${kind} line`, (e) => e.kind === kind && test(e as TxnEventOf<K>), timeoutMs)) as TxnEventOf<K>;
  }

  /** The events of `kind` so far. */
  all<K extends TxnEventKind>(kind: K): TxnEventOf<K>[] {
    return this.events.filter((e): e is TxnEventOf<K> => e.kind === kind);
  }
}
