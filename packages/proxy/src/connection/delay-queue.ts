/** What a delay queue tells its connection. */
export interface DelayQueueHandlers<T> {
  /** The items whose time has come, in arrival order (called from a timer). */
  due(items: T[]): void;
  /** The queue ran empty after a release. */
  emptied(): void;
  /** The bytes held passed the queue's limit. */
  overLimit(): void;
}

/**
 * Requests held back on one connection, released in arrival order: an item that is due still waits behind an earlier
 * one that is not, so a delay never reorders a connection's requests.
 */
export class DelayQueue<T> {
  private readonly items: { item: T; bytes: number; releaseAt: number }[] = [];
  private heldBytes = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly handlers: DelayQueueHandlers<T>,
    private readonly limitBytes: number,
  ) {}

  get length(): number {
    return this.items.length;
  }

  get bytes(): number {
    return this.heldBytes;
  }

  /** Holds an item of `bytes` bytes until `releaseAt` (ms since the epoch; 0: as soon as the items before it). */
  push(item: T, bytes: number, releaseAt: number): void {
    this.items.push({ item, bytes, releaseAt });
    this.heldBytes += bytes;
    if (this.heldBytes > this.limitBytes) this.handlers.overLimit();
    if (!this.timer) this.schedule();
  }

  /** Forgets every item and stops the timer. */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.items.length = 0;
    this.heldBytes = 0;
  }

  private schedule(): void {
    const head = this.items[0];
    if (head) this.timer = setTimeout(() => this.release(), Math.max(0, head.releaseAt - Date.now()));
  }

  private release(): void {
    this.timer = null;
    const now = Date.now();
    const due: T[] = [];
    while (this.items[0] && this.items[0].releaseAt <= now) {
      const { item, bytes } = this.items.shift()!;
      this.heldBytes -= bytes;
      due.push(item);
    }
    this.handlers.due(due);
    if (this.items.length === 0) this.handlers.emptied();
    else if (!this.timer) this.schedule();
  }
}
