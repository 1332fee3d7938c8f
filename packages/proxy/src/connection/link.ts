import net, { type Socket } from 'node:net';
import { ProxyError } from '../errors.ts';
import { FrameReader } from '../protocol/frame-reader.ts';
import type { ProxyContext } from './context.ts';

/** What a link tells its connection. */
export interface LinkHandlers {
  /**
   * The request frames one read of the client completed, in order, with the time they arrived; `firstForwarded`: the
   * first of them is already with the broker (it was streamed, see `passThrough`).
   */
  requests(frames: Buffer[], arrivedAt: number, firstForwarded: boolean): void;
  /**
   * Whether a request that starts now may go to the broker chunk by chunk, before it is whole (nothing to decide on it
   * and nothing held before it); it is still handed to `requests` once whole, for the events.
   */
  passThrough(): boolean;
  /** The response frames one read of the broker completed, in order. */
  responses(frames: Buffer[]): void;
  /** The client closed its side; `lastError` is the socket's last error message, if any. */
  clientClosed(lastError: string | undefined): void;
  upstreamClosed(): void;
  /** A frame out of range, the partial-frame budget passed, a broker that cannot be reached, or a handler's error. */
  failed(err: unknown): void;
}

type PauseReason = 'held' | 'drain';

/**
 * The two sockets of one client connection (the client's and the proxy's own to the broker), cut into frames, with
 * back-pressure: a side whose buffer is full stops the proxy reading from the other side until it drains. It counts
 * the bytes of an incomplete request frame against the proxy-wide budget and times that frame from its first byte.
 */
export class Link {
  readonly upstream: Socket;
  private readonly requestReader: FrameReader;
  private readonly responseReader: FrameReader;
  private readonly clientPauses = new Set<PauseReason>();
  private upstreamWaitsForDrain = false;
  private lastClientError: string | undefined;
  /** Bytes of an incomplete request frame counted in the proxy-wide budget. */
  private budgeted = 0;
  /** When the incomplete request frame started to count against the frame timeout (0: none, or reading is paused). */
  private partialSince = 0;
  /** Bytes of the incomplete request frame already written to the broker (0: it is held until whole). */
  private streamed = 0;

  constructor(
    readonly client: Socket,
    upstream: { host: string; port: number },
    private readonly ctx: ProxyContext,
    private readonly on: LinkHandlers,
  ) {
    this.requestReader = new FrameReader(ctx.maxFrameBytes);
    this.responseReader = new FrameReader(ctx.maxFrameBytes);
    client.setNoDelay(true);
    const { host, port } = upstream;
    this.upstream = net.connect({ host, port, noDelay: true });
    this.upstream.on('data', (chunk: Buffer) => this.batch(client, () => on.responses(this.responseReader.push(chunk))));
    this.upstream.on('error', (cause) => on.failed(new ProxyError('upstream', `broker ${host}:${port}`, { cause })));
    this.upstream.on('close', () => on.upstreamClosed());
    client.on('data', (chunk: Buffer) =>
      this.batch(this.upstream, () => {
        const pendingBefore = this.requestReader.pendingBytes;
        const frames = this.requestReader.push(chunk);
        const firstForwarded = this.streamed > 0 && frames.length > 0;
        if (firstForwarded) {
          this.send(this.upstream, frames[0]!.subarray(this.streamed));
          this.streamed = 0;
        }
        this.budgetPartialFrame();
        // Frames that arrive together are timed together: their delays end at the same moment.
        if (frames.length > 0) on.requests(frames, Date.now(), firstForwarded);
        this.streamPartialFrame(chunk, frames.length > 0 || pendingBefore === 0);
      }),
    );
    client.on('error', (err) => (this.lastClientError = err.message));
    client.on('close', () => on.clientClosed(this.lastClientError));
  }

  /** Bytes held of incomplete frames: from the client, from the broker. */
  get pending(): { requests: number; responses: number } {
    return { requests: this.requestReader.pendingBytes, responses: this.responseReader.pendingBytes };
  }

  /** Runs `work` with `socket` corked, so that the frames it writes leave together; an error goes to `failed`. */
  batch(socket: Socket, work: () => void): void {
    socket.cork();
    try {
      work();
    } catch (err) {
      this.on.failed(err);
    } finally {
      socket.uncork();
    }
  }

  /** Writes a frame; when the destination's buffer is full, stops reading the other side until it drains. */
  send(destination: Socket, frame: Buffer): void {
    if (destination.write(frame)) return;
    if (destination === this.upstream) {
      if (this.clientPauses.has('drain')) return;
      this.pauseClient('drain');
      this.upstream.once('drain', () => this.resumeClient('drain'));
    } else if (!this.upstreamWaitsForDrain) {
      this.upstreamWaitsForDrain = true;
      this.upstream.pause();
      this.client.once('drain', () => {
        this.upstreamWaitsForDrain = false;
        this.upstream.resume();
      });
    }
  }

  /** Stops reading from the client; the frame timeout does not run meanwhile (the proxy, not the client, waits). */
  pauseClient(reason: PauseReason): void {
    if (this.clientPauses.has(reason)) return;
    this.clientPauses.add(reason);
    this.client.pause();
    this.partialSince = 0;
  }

  resumeClient(reason: PauseReason): void {
    if (!this.clientPauses.delete(reason) || this.clientPauses.size > 0) return;
    this.client.resume();
    if (this.requestReader.pendingBytes > 0) this.partialSince = Date.now();
  }

  /** The reason to close the connection when its incomplete request frame is older than the frame timeout, else null. */
  frameTimedOut(now: number): ProxyError | null {
    if (this.partialSince === 0 || now - this.partialSince <= this.ctx.frameTimeoutMs) return null;
    const received = this.requestReader.pendingBytes;
    return new ProxyError('frame', `a request frame stayed incomplete for over ${this.ctx.frameTimeoutMs} ms (${received} bytes of it received)`);
  }

  /**
   * Releases the incomplete request frame and its share of the budget, once the client side is closed; responses to
   * requests already sent may still arrive, and go with the link once the broker side closes.
   */
  releaseRequests(): void {
    this.requestReader.discard();
    this.streamed = 0;
    this.ctx.buffered.bytes -= this.budgeted;
    this.budgeted = 0;
    this.partialSince = 0;
  }

  /**
   * Writes the bytes of the incomplete request frame that `chunk` brought to the broker, when the frame is streamed: it
   * started in this chunk (`startedHere`) while the connection passed requests through, or it is being streamed. The
   * broker then reads a large request while the rest of it is still on its way, as it would without the proxy.
   */
  private streamPartialFrame(chunk: Buffer, startedHere: boolean): void {
    const pending = this.requestReader.pendingBytes;
    if (pending === 0) return;
    if (this.streamed > 0) {
      this.send(this.upstream, chunk);
      this.streamed += chunk.length;
    } else if (startedHere && this.on.passThrough()) {
      this.send(this.upstream, chunk.subarray(chunk.length - pending));
      this.streamed = pending;
    }
  }

  /** Keeps the proxy-wide count of incomplete-frame bytes and the frame timeout's start up to date. */
  private budgetPartialFrame(): void {
    const pending = this.requestReader.pendingBytes;
    const budget = this.ctx.buffered;
    budget.bytes += pending - this.budgeted;
    const grew = pending > this.budgeted;
    this.budgeted = pending;
    if (pending === 0) this.partialSince = 0;
    else if (this.partialSince === 0 && this.clientPauses.size === 0) this.partialSince = Date.now();
    if (grew && budget.bytes > budget.max) {
      throw new ProxyError('frame', `incomplete frames across connections passed the proxy's cap of ${budget.max} bytes (this one holds ${pending})`);
    }
  }
}
