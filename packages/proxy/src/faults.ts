import { ProxyError } from './errors.ts';
import { closeAfterProduce } from './faults/close-after-produce.ts';
import { delay } from './faults/delay.ts';
import { dropProduce } from './faults/drop-produce.ts';
import { dropResponse } from './faults/drop-response.ts';
import { failProduce } from './faults/fail-produce.ts';
import type { FaultModule, FaultSetting, InterceptedRequest, RequestHandler } from './faults/module.ts';
import { swallowProduce } from './faults/swallow-produce.ts';

/** The faults in force, one field per module setting; an empty object is pass-through. */
export interface Faults {
  /** Requests of at least this many bytes (size prefix included) are delayed by `delayMs` (module `delay`). */
  delayMinBytes?: number;
  delayMs?: number;
  /** Ordinals of the Produce requests never forwarded and never answered (module `swallow-produce`). */
  swallowProduce?: number[];
  /** Ordinals of the Produce requests the proxy answers with `failCode` (module `fail-produce`). */
  failProduce?: number[];
  /** `topic:partition`: Produce requests carrying it are answered with `failCode` (module `fail-produce`). */
  failPartition?: string;
  /** The error code of `fail-produce` (default NOT_LEADER_OR_FOLLOWER). */
  failCode?: number;
  /** Ordinals (from 1, counted across the proxy) of the Produce requests whose response is dropped (module `drop-produce`). */
  dropProduce?: number[];
  /** `API:N` selectors of the requests of any API whose response is dropped (module `drop-response`). */
  dropResponse?: string[];
  /** Ordinal of the Produce request after which the client connection is closed (module `close-after-produce`). */
  closeAfterProduce?: number;
}

/**
 * Every fault module, in chain order: each request meets them in this order, and the first that swallows or answers
 * it ends the chain. The CLI, the control API, --help and the README list the modules and settings from this table.
 */
export const FAULT_MODULES = [dropProduce, delay, closeAfterProduce, dropResponse, swallowProduce, failProduce] as const satisfies readonly FaultModule<never>[];

/** The names of the fault modules, as events carry them in `module`. */
export type FaultModuleName = 'drop-produce' | 'delay' | 'close-after-produce' | 'drop-response' | 'swallow-produce' | 'fail-produce';

/** Every fault setting by field name, with its flag, help text and parser. */
export const FAULT_SETTINGS: Readonly<Record<keyof Faults, FaultSetting>> = Object.assign(
  {},
  ...FAULT_MODULES.map((m) => m.settings),
);

export type FaultField = keyof Faults;

const MODULE_OF = new Map<string, FaultModule>(
  FAULT_MODULES.flatMap((m) => Object.keys(m.settings).map((field) => [field, m as FaultModule] as const)),
);

/** The module that owns a setting. */
export function moduleOf(field: FaultField): FaultModule {
  return MODULE_OF.get(field)!;
}

/** Validates fault settings from JSON or the CLI (strings allowed); null or undefined fields are left out. */
export function parseFaults(input: unknown): Faults {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ProxyError('faults', 'faults must be a JSON object');
  }
  const faults: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (!Object.hasOwn(FAULT_SETTINGS, field)) {
      throw new ProxyError('faults', `unknown fault setting ${JSON.stringify(field.slice(0, 60))} (known: ${Object.keys(FAULT_SETTINGS).join(', ')})`);
    }
    if (value !== null && value !== undefined) faults[field] = FAULT_SETTINGS[field as FaultField].parse(value, field);
  }
  const result = faults as Faults;
  for (const module of FAULT_MODULES) module.check?.(result);
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
  const parts = FAULT_MODULES.map((m) => m.describe(faults)).filter((part) => part !== null);
  return parts.length ? parts.join('; ') : 'pass-through';
}

/** The modules a request meets under these faults, each with its handler; empty for pass-through. */
export type Chain = { module: FaultModuleName; handle: RequestHandler }[];

export function buildChain(faults: Faults): Chain {
  return FAULT_MODULES.flatMap((m) => {
    const handle = (m as FaultModule).create(faults);
    return handle ? [{ module: m.name, handle }] : [];
  });
}

/** What the chain decided for one request, with the module behind each part. */
export interface Verdict {
  delay?: { ms: number; module: FaultModuleName };
  dropResponse?: FaultModuleName;
  closeAfter?: FaultModuleName;
  swallow?: FaultModuleName;
  respond?: { module: FaultModuleName; response: Buffer; errorCode: number };
}

/** Runs a request through the chain; null when no module decided anything (forward it unchanged). */
export function decide(chain: Chain, request: InterceptedRequest): Verdict | null {
  let verdict: Verdict | null = null;
  for (const { module, handle } of chain) {
    const decision = handle(request);
    if (!decision) continue;
    verdict ??= {};
    switch (decision.kind) {
      case 'delay':
        verdict.delay ??= { ms: decision.ms, module };
        break;
      case 'drop-response':
        verdict.dropResponse ??= module;
        break;
      case 'close-after':
        verdict.closeAfter ??= module;
        break;
      case 'swallow':
        verdict.swallow = module;
        return verdict;
      case 'respond':
        verdict.respond = { module, response: decision.response, errorCode: decision.errorCode };
        return verdict;
    }
  }
  return verdict;
}
