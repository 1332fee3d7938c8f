import net from 'node:net';
import { once } from 'node:events';
import { API } from '../protocol/api-keys.ts';
import { FrameReader } from '../protocol/frame-reader.ts';

/**
 * ApiVersions Request (Version: 0) => (no fields), with request header v1:
 * request_api_key request_api_version correlation_id client_id.
 */
export function apiVersionsRequest(correlationId: number, clientId = 'raw'): Buffer {
  const id = Buffer.from(clientId, 'utf8');
  const frame = Buffer.alloc(4 + 10 + id.length);
  frame.writeInt32BE(frame.length - 4, 0);
  frame.writeInt16BE(API.ApiVersions, 4);
  frame.writeInt16BE(0, 6);
  frame.writeInt32BE(correlationId, 8);
  frame.writeInt16BE(id.length, 12);
  id.copy(frame, 14);
  return frame;
}

/** A plain TCP connection for tests and benchmarks: sends bytes, receives whole Kafka frames. */
export class RawConnection {
  private readonly reader = new FrameReader();
  private readonly received: Buffer[] = [];
  private wake: (() => void) | null = null;
  private ended = false;
  readonly closed: Promise<void>;

  private constructor(readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.received.push(...this.reader.push(chunk));
      this.wake?.();
    });
    socket.on('error', () => {});
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        this.ended = true;
        this.wake?.();
        resolve();
      }),
    );
  }

  static async open(port: number, host = '127.0.0.1'): Promise<RawConnection> {
    const socket = net.connect({ host, port });
    await once(socket, 'connect');
    return new RawConnection(socket);
  }

  send(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** Resolves with the next `count` frames; rejects when the peer closes first or after `timeoutMs`. */
  async frames(count: number, timeoutMs = 10_000): Promise<Buffer[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (this.ended) throw new Error(`connection closed after ${this.received.length} of ${count} frames`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out after ${this.received.length} of ${count} frames`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    return this.received.splice(0, count);
  }

  /** Sends one request and resolves with the next frame. */
  async roundTrip(request: Buffer, timeoutMs?: number): Promise<Buffer> {
    this.send(request);
    const [frame] = await this.frames(1, timeoutMs);
    return frame!;
  }

  close(): void {
    this.socket.destroy();
  }
}
