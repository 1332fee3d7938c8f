import { ProxyError } from '../errors.ts';

/** 100 MiB: the default cap on one frame, size prefix included. */
export const DEFAULT_MAX_FRAME_BYTES = 100 * 1024 * 1024;

/**
 * Splits a byte stream into Kafka frames (int32 big-endian size, then that many bytes).
 * Each frame is returned whole, size prefix included; a frame inside one chunk is a view of it, not a copy.
 */
export class FrameReader {
  private parts: Buffer[] = [];
  private partBytes = 0;
  /** Total length of the frame being assembled, once its size prefix is known. */
  private frameBytes = -1;

  constructor(private readonly maxFrameBytes = DEFAULT_MAX_FRAME_BYTES) {}

  /** Bytes held of a frame not yet complete; non-zero when a peer disconnects mid-frame. */
  get pendingBytes(): number {
    return this.partBytes;
  }

  /** Forgets the partial frame, releasing its bytes; used once its connection is closed. */
  discard(): void {
    this.parts = [];
    this.partBytes = 0;
    this.frameBytes = -1;
  }

  /** Feeds one chunk and returns the frames it completes; throws a `frame` ProxyError on a size out of range. */
  push(chunk: Buffer): Buffer[] {
    const frames: Buffer[] = [];
    let offset = 0;
    if (this.partBytes > 0) {
      offset = this.continueFrame(chunk, frames);
      if (offset < 0) return frames;
    }
    while (chunk.length - offset >= 4) {
      const total = this.frameLength(chunk.readInt32BE(offset));
      if (chunk.length - offset < total) break;
      frames.push(chunk.subarray(offset, offset + total));
      offset += total;
    }
    if (offset < chunk.length) {
      const rest = chunk.subarray(offset);
      this.parts.push(rest);
      this.partBytes = rest.length;
      this.frameBytes = rest.length >= 4 ? this.frameLength(rest.readInt32BE(0)) : -1;
    }
    return frames;
  }

  /** Adds to the partial frame; returns the offset in `chunk` after it, or -1 when the chunk was all taken. */
  private continueFrame(chunk: Buffer, frames: Buffer[]): number {
    if (this.frameBytes < 0) {
      const head = Buffer.concat([...this.parts, chunk.subarray(0, 4)], Math.min(4, this.partBytes + chunk.length));
      if (head.length < 4) {
        this.parts.push(chunk);
        this.partBytes += chunk.length;
        return -1;
      }
      this.frameBytes = this.frameLength(head.readInt32BE(0));
    }
    const missing = this.frameBytes - this.partBytes;
    if (chunk.length < missing) {
      this.parts.push(chunk);
      this.partBytes += chunk.length;
      return -1;
    }
    this.parts.push(chunk.subarray(0, missing));
    frames.push(Buffer.concat(this.parts, this.frameBytes));
    this.parts = [];
    this.partBytes = 0;
    this.frameBytes = -1;
    return missing;
  }

  private frameLength(size: number): number {
    if (size < 0 || size + 4 > this.maxFrameBytes) {
      throw new ProxyError('frame', `frame size ${size} is out of range (0 to ${this.maxFrameBytes - 4} bytes)`);
    }
    return size + 4;
  }
}
