/** Builds one frame: starts with room for the int32 size prefix, which `frame()` fills in. */
export class Encoder {
  private buf = Buffer.alloc(256);
  private length = 4;

  private room(bytes: number): number {
    if (this.length + bytes > this.buf.length) {
      const grown = Buffer.alloc(Math.max(this.buf.length * 2, this.length + bytes));
      this.buf.copy(grown, 0, 0, this.length);
      this.buf = grown;
    }
    const at = this.length;
    this.length += bytes;
    return at;
  }

  int8(value: number): this {
    this.buf.writeInt8(value, this.room(1));
    return this;
  }

  int16(value: number): this {
    this.buf.writeInt16BE(value, this.room(2));
    return this;
  }

  int32(value: number): this {
    this.buf.writeInt32BE(value, this.room(4));
    return this;
  }

  int64(value: number): this {
    this.buf.writeBigInt64BE(BigInt(value), this.room(8));
    return this;
  }

  /** UUID from Kafka's text form (URL-safe base64 of 16 bytes). */
  uuid(text: string): this {
    const bytes = Buffer.from(text, 'base64url');
    bytes.copy(this.buf, this.room(16), 0, 16);
    return this;
  }

  uvarint(value: number): this {
    let rest = value;
    while (rest >= 0x80) {
      this.buf[this.room(1)] = (rest & 0x7f) | 0x80;
      rest = Math.floor(rest / 128);
    }
    this.buf[this.room(1)] = rest;
    return this;
  }

  /** ARRAY length (INT32) or COMPACT_ARRAY length (UNSIGNED_VARINT N + 1). */
  arrayLength(compact: boolean, length: number): this {
    return compact ? this.uvarint(length + 1) : this.int32(length);
  }

  /** NULLABLE_STRING (INT16 length, -1 null) or COMPACT_NULLABLE_STRING (UNSIGNED_VARINT length + 1, 0 null). */
  string(compact: boolean, value: string | null): this {
    if (value === null) return compact ? this.uvarint(0) : this.int16(-1);
    const bytes = Buffer.from(value, 'utf8');
    if (compact) this.uvarint(bytes.length + 1);
    else this.int16(bytes.length);
    bytes.copy(this.buf, this.room(bytes.length));
    return this;
  }

  /** Bytes as they are (a TAG_BUFFER kept from a decoded frame). */
  raw(bytes: Buffer): this {
    bytes.copy(this.buf, this.room(bytes.length));
    return this;
  }

  /** An empty TAG_BUFFER. */
  noTaggedFields(): this {
    return this.uvarint(0);
  }

  /** The frame with its size prefix. */
  frame(): Buffer {
    this.buf.writeInt32BE(this.length - 4, 0);
    return this.buf.subarray(0, this.length);
  }
}
