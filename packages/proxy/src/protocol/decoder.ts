import { ProxyError } from '../errors.ts';

/** A bounds-checked cursor over one frame; every read past the end throws a `frame` ProxyError. */
export class Decoder {
  constructor(
    private readonly buf: Buffer,
    public offset: number,
  ) {}

  private take(bytes: number, what: string): number {
    const at = this.offset;
    if (bytes < 0 || at + bytes > this.buf.length) {
      throw new ProxyError('frame', `frame ends inside ${what} (offset ${at}, frame ${this.buf.length} bytes)`);
    }
    this.offset += bytes;
    return at;
  }

  int8(what: string): number {
    return this.buf.readInt8(this.take(1, what));
  }

  int16(what: string): number {
    return this.buf.readInt16BE(this.take(2, what));
  }

  int32(what: string): number {
    return this.buf.readInt32BE(this.take(4, what));
  }

  /** INT64 as a number: exact for the offsets, timestamps and producer ids Kafka uses (below 2^53). */
  int64(what: string): number {
    return Number(this.buf.readBigInt64BE(this.take(8, what)));
  }

  /** UUID, in Kafka's text form (`Uuid.toString()`: URL-safe base64 without padding, as kafka-topics prints it). */
  uuid(what: string): string {
    const at = this.take(16, what);
    return this.buf.toString('base64url', at, at + 16);
  }

  /** Reads an unsigned varint (at most 5 bytes, as Kafka's UNSIGNED_VARINT). */
  uvarint(what: string): number {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const byte = this.buf[this.take(1, what)]!;
      value += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return value;
    }
    throw new ProxyError('frame', `unsigned varint longer than 5 bytes in ${what}`);
  }

  /** ARRAY length (INT32, -1 for null) or COMPACT_ARRAY length (UNSIGNED_VARINT N + 1, 0 for null); null → 0. */
  arrayLength(compact: boolean, what: string): number {
    const length = compact ? this.uvarint(what) - 1 : this.int32(what);
    if (length < -1) throw new ProxyError('frame', `negative length ${length} in ${what}`);
    return Math.max(0, length);
  }

  /** STRING / NULLABLE_STRING (INT16 length) or their COMPACT forms (UNSIGNED_VARINT length + 1). */
  string(compact: boolean, what: string): string | null {
    return compact ? this.compactNullableString(what) : this.nullableString(what);
  }

  /** NULLABLE_STRING: int16 length, -1 for null. */
  nullableString(what: string): string | null {
    const length = this.int16(what);
    if (length === -1) return null;
    return this.utf8(length, what);
  }

  /** COMPACT_NULLABLE_STRING: unsigned varint length + 1, 0 for null. */
  compactNullableString(what: string): string | null {
    const lengthPlusOne = this.uvarint(what);
    if (lengthPlusOne === 0) return null;
    return this.utf8(lengthPlusOne - 1, what);
  }

  /** NULLABLE_BYTES / RECORDS (INT32 length) or COMPACT_NULLABLE_BYTES / COMPACT_RECORDS; null when absent. */
  bytes(compact: boolean, what: string): Buffer | null {
    const length = compact ? this.uvarint(what) - 1 : this.int32(what);
    if (length === -1) return null;
    if (length < -1) throw new ProxyError('frame', `negative length ${length} in ${what}`);
    const at = this.take(length, what);
    return this.buf.subarray(at, at + length);
  }

  /** TAG_BUFFER: an unsigned varint count, then per field a tag, a size and that many bytes; skipped. */
  skipTaggedFields(what: string): void {
    const count = this.uvarint(what);
    for (let i = 0; i < count; i++) {
      this.uvarint(what);
      this.take(this.uvarint(what), what);
    }
  }

  /** Tells whether every byte of the frame has been read. */
  get atEnd(): boolean {
    return this.offset === this.buf.length;
  }

  private utf8(length: number, what: string): string {
    if (length < 0) throw new ProxyError('frame', `negative length ${length} in ${what}`);
    const at = this.take(length, what);
    return this.buf.toString('utf8', at, at + length);
  }
}
