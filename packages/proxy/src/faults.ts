import { ProxyError } from './errors.ts';

/** The faults in force; an empty object is pass-through. */
export interface Faults {
  /** Ordinals (from 1, counted across the proxy) of the Produce requests whose response is dropped. */
  dropProduce?: number[];
  /** Requests of at least this many bytes (size prefix included) are delayed by `delayMs`. */
  delayMinBytes?: number;
  delayMs?: number;
  /** Ordinal of the Produce request after which the client connection is closed. */
  closeAfterProduce?: number;
}

type FaultSetting = {
  /** The CLI flag; the control API and the library use the field name. */
  flag: string;
  arg: string;
  about: string;
  /** Parses a CLI string or a JSON value; throws a `faults` ProxyError naming the field. */
  parse: (value: unknown, field: string) => number | number[];
};

/** Every fault setting, with its flag, help text and parser: the CLI, the control API and the library read this table. */
export const FAULT_SETTINGS = {
  dropProduce: {
    flag: '--drop-produce',
    arg: 'N[,N...]',
    about: 'drop the response to the Nth Produce request(s), counted across the proxy from 1; the request still reaches the broker',
    parse: ordinalList,
  },
  delayMinBytes: {
    flag: '--delay-min-bytes',
    arg: 'N',
    about: 'delay forwarding each request of at least N bytes (with --delay-ms); later requests on its connection wait behind it',
    parse: (value, field) => integer(value, field, 0),
  },
  delayMs: {
    flag: '--delay-ms',
    arg: 'M',
    about: 'the delay in milliseconds (with --delay-min-bytes)',
    parse: (value, field) => integer(value, field, 0),
  },
  closeAfterProduce: {
    flag: '--close-after-produce',
    arg: 'N',
    about: 'close the client connection right after forwarding the Nth Produce request (counted as for --drop-produce)',
    parse: (value, field) => integer(value, field, 1),
  },
} satisfies Record<keyof Faults, FaultSetting>;

export type FaultField = keyof typeof FAULT_SETTINGS;

/** Validates fault settings from JSON or the CLI (strings allowed); null or undefined fields are left out. */
export function parseFaults(input: unknown): Faults {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ProxyError('faults', 'faults must be a JSON object');
  }
  const faults: Record<string, number | number[]> = {};
  for (const [field, value] of Object.entries(input)) {
    const setting = FAULT_SETTINGS[field as FaultField];
    if (!setting) {
      throw new ProxyError('faults', `unknown fault setting "${field}" (known: ${Object.keys(FAULT_SETTINGS).join(', ')})`);
    }
    if (value !== null && value !== undefined) faults[field] = setting.parse(value, field);
  }
  const result = faults as Faults;
  if ((result.delayMinBytes === undefined) !== (result.delayMs === undefined)) {
    throw new ProxyError('faults', 'delayMinBytes and delayMs (--delay-min-bytes, --delay-ms) go together: give both or neither');
  }
  return result;
}

/** Applies a patch to fault settings: a field set to null is removed, an absent field is kept. */
export function mergeFaults(current: Faults, patch: unknown): Faults {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    throw new ProxyError('faults', 'faults must be a JSON object');
  }
  return parseFaults({ ...current, ...patch });
}

/** One line for a transcript, e.g. `drop-produce 2; delay >= 4096 B by 600 ms`, or `pass-through`. */
export function describeFaults(faults: Faults): string {
  const parts: string[] = [];
  if (faults.dropProduce?.length) parts.push(`drop-produce ${faults.dropProduce.join(',')}`);
  if (faults.delayMinBytes !== undefined) parts.push(`delay >= ${faults.delayMinBytes} B by ${faults.delayMs} ms`);
  if (faults.closeAfterProduce !== undefined) parts.push(`close-after-produce ${faults.closeAfterProduce}`);
  return parts.length ? parts.join('; ') : 'pass-through';
}

function integer(value: unknown, field: string, min: number): number {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < min) {
    throw new ProxyError('faults', `${field} must be an integer >= ${min}, got ${JSON.stringify(value)}`);
  }
  return n;
}

function ordinalList(value: unknown, field: string): number[] {
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [value];
  const ordinals = items.map((item) => integer(item, field, 1));
  return [...new Set(ordinals)].sort((a, b) => a - b);
}
