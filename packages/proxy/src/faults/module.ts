import { ProxyError } from '../errors.ts';
import { API, API_KEYS } from '../protocol/api-keys.ts';
import type { RequestHeader } from '../protocol/headers.ts';
import type { ProduceRequest } from '../protocol/produce-request.ts';

/** One request as the fault modules see it, before anything is done with it. */
export interface InterceptedRequest {
  header: RequestHeader;
  /** The whole frame, size prefix included. */
  frame: Buffer;
  /** This is the Nth request of its API that the proxy has seen, counted from 1 across connections (reset by reset). */
  ordinal: number;
  /** The decoded request, for Produce; null for every other API. */
  produce: ProduceRequest | null;
  /** False for a Produce request with acks=0: the broker sends no response to it. */
  expectsResponse: boolean;
}

/** One response of the broker as the fault modules see it, with the request it answers (without its bytes). */
export interface InterceptedResponse {
  /** The whole frame, size prefix included. */
  frame: Buffer;
  request: Omit<InterceptedRequest, 'frame'>;
}

/**
 * What a module wants done with a request; null forwards it unchanged. `delay`, `drop-response` and `close-after`
 * combine with the decisions of later modules; `swallow` and `respond` end the chain.
 */
export type RequestDecision =
  /** Hold the request this long before acting on it; later requests on its connection wait behind it. */
  | { kind: 'delay'; ms: number }
  /** Forward the request; drop the broker's response to it. */
  | { kind: 'drop-response' }
  /** Forward the request, then close the client connection. */
  | { kind: 'close-after' }
  /** Never forward the request and never answer it. */
  | { kind: 'swallow' }
  /** Do not forward the request; answer it with this response frame (sent in order with the broker's responses). */
  | { kind: 'respond'; response: Buffer; errorCode: number };

/** What a module wants done with a broker's response; null forwards it unchanged. `drop` ends the chain. */
export type ResponseDecision =
  /** Never send the response to the client. */
  { kind: 'drop' };

/** A module's handlers under one set of settings (after Kroxylicious's request and response filters). */
export interface FaultHooks {
  /** Decides for a request when it arrives; a request delayed behind another keeps the decision of its arrival. */
  onRequest?(request: InterceptedRequest): RequestDecision | null;
  /** Decides for a response of the broker when it arrives, under the settings in force then. */
  onResponse?(response: InterceptedResponse): ResponseDecision | null;
}

/** A setting of a module: its CLI flag and help, and the parser the CLI, the control API and the library share. */
export interface FaultSetting<T = unknown> {
  /** The CLI flag; the control API and the library use the field name. */
  flag: string;
  arg: string;
  about: string;
  /** Parses a CLI string or a JSON value; throws a `faults` ProxyError naming the field. */
  parse: (value: unknown, field: string) => T;
}

/** A module's settings by field name. */
export type SettingSpecs = Record<string, FaultSetting>;

/** The values of a module's settings; a setting that is off is absent. */
export type SettingValues<S extends SettingSpecs> = { [K in keyof S]?: ReturnType<S[K]['parse']> };

/**
 * A fault: one file in src/faults/ that declares its name, settings (flags, help, parsers) and the hooks built from
 * them. Listing it in FAULT_MODULES is all it takes to reach the CLI, the control API, --help and the chain.
 */
export interface FaultModule<N extends string = string, S extends SettingSpecs = SettingSpecs> {
  /** kebab-case; events name the module that decided in their `module` field. */
  readonly name: N;
  /** One sentence for the README and the control API's module list. */
  readonly about: string;
  readonly settings: S;
  /** Rejects settings of this module that do not go together, with a `faults` ProxyError. */
  check?(settings: SettingValues<S>): void;
  /** This module's part of the one-line description of the faults in force, or null when it is off. */
  describe(settings: SettingValues<S>): string | null;
  /** The hooks for these settings, or null when the module is off (it then costs nothing per frame). */
  create(settings: SettingValues<S>): FaultHooks | null;
}

/** Declares a fault module; the identity, there to infer its name and settings for the registry's types. */
export function faultModule<const N extends string, S extends SettingSpecs>(module: FaultModule<N, S>): FaultModule<N, S> {
  return module;
}

/**
 * A module that picks Produce requests by their ordinals, listed in `field` (`N[,N...]` on the command line), and
 * decides the same for each of them.
 */
export function produceOrdinalModule<const N extends string, const F extends string>(spec: {
  name: N;
  about: string;
  field: F;
  flagAbout: string;
  decision: RequestDecision;
}) {
  const { name, about, field, flagAbout, decision } = spec;
  const settings = { [field]: { flag: `--${name}`, arg: 'N[,N...]', about: flagAbout, parse: ordinalList } } as Record<F, FaultSetting<number[]>>;
  return faultModule({
    name,
    about,
    settings,
    describe: (values) => (values[field]?.length ? `${name} ${values[field].join(',')}` : null),
    create(values) {
      if (!values[field]?.length) return null;
      const ordinals = new Set(values[field]);
      return { onRequest: (request) => (request.header.apiKey === API.Produce && ordinals.has(request.ordinal) ? decision : null) };
    },
  });
}

/** The largest delay a Node timer can hold (2^31 - 1 ms, about 24.8 days); a larger one would fire at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** An integer from `min` to `max`, given as a JSON number or a CLI string of digits. */
export function integer(value: unknown, field: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    throw new ProxyError('faults', `${field} must be an integer ${range}, got ${preview(value)}`);
  }
  return n;
}

/** Ordinals from 1, as `2`, `"1,2"` or `[1, 2]`; sorted, without repeats. */
export function ordinalList(value: unknown, field: string): number[] {
  const ordinals = listItems(value, field).map((item) => integer(item, field, 1));
  return [...new Set(ordinals)].sort((a, b) => a - b);
}

/** `API:N` selectors (an API name from the key table, any case, and an ordinal from 1), as a list or a comma list. */
export function apiOrdinalList(value: unknown, field: string): string[] {
  const selectors = listItems(value, field).map((item) => {
    const match = typeof item === 'string' ? /^\s*([A-Za-z]+):(\d+)\s*$/.exec(item) : null;
    const api = match && Object.values(API_KEYS).find(([name]) => name.toLowerCase() === match[1]!.toLowerCase());
    if (!match || !api) {
      throw new ProxyError('faults', `${field} takes API:N selectors such as EndTxn:1 (an API name and an ordinal from 1), got ${preview(item)}`);
    }
    return `${api[0]}:${integer(match[2], field, 1)}`;
  });
  return [...new Set(selectors)];
}

/** `topic:partition`, e.g. `orders:1`. */
export function topicPartition(value: unknown, field: string): string {
  const match = typeof value === 'string' ? /^\s*([A-Za-z0-9._-]{1,249}):(\d{1,9})\s*$/.exec(value) : null;
  if (!match) throw new ProxyError('faults', `${field} must be topic:partition, e.g. orders:1, got ${preview(value)}`);
  return `${match[1]}:${Number(match[2])}`;
}

const MAX_LIST_ITEMS = 1000;

function listItems(value: unknown, field: string): unknown[] {
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [value];
  if (items.length > MAX_LIST_ITEMS) throw new ProxyError('faults', `${field} takes at most ${MAX_LIST_ITEMS} items`);
  return items;
}

/** A short, safe rendering of any value for an error message (no recursion into what a client sent). */
export function preview(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return String(value);
}
