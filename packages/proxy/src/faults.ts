import { ProxyError } from './errors.ts';
import { closeAfterProduce } from './faults/close-after-produce.ts';
import { delay } from './faults/delay.ts';
import { dropProduce } from './faults/drop-produce.ts';
import { dropResponse } from './faults/drop-response.ts';
import { failProduce } from './faults/fail-produce.ts';
import type { FaultHooks, FaultModule, FaultSetting, InterceptedRequest, InterceptedResponse, SettingSpecs, SettingValues } from './faults/module.ts';
import { swallowProduce } from './faults/swallow-produce.ts';

/**
 * Every fault module, in chain order: each request and each response meets them in this order, and the first that
 * swallows, answers or drops it ends the chain. The only list a new module joins: the settings, their flags, --help,
 * the control API's module list, the module names and the chain all follow from it.
 */
export const FAULT_MODULES = [dropProduce, delay, closeAfterProduce, dropResponse, swallowProduce, failProduce] as const;

type Module = (typeof FAULT_MODULES)[number];

/** The names of the fault modules, as events carry them in `module`. */
export type FaultModuleName = Module['name'];

type ValuesOf<M> = M extends FaultModule<string, infer S> ? SettingValues<S> : never;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type Flatten<T> = { [K in keyof T]: T[K] };

/** The faults in force, one field per module setting (absent: off); an empty object is pass-through. */
export type Faults = Flatten<Intersection<ValuesOf<Module>>>;
export type FaultField = keyof Faults;

/** Every fault setting by field name, with its flag, help text and parser. */
export const FAULT_SETTINGS: Readonly<Record<FaultField, FaultSetting>> = Object.assign(
  {},
  ...FAULT_MODULES.map((m): SettingSpecs => m.settings),
);

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
  for (const module of FAULT_MODULES as readonly FaultModule[]) module.check?.(faults);
  return faults as Faults;
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
  const parts = (FAULT_MODULES as readonly FaultModule[]).map((m) => m.describe(faults)).filter((part) => part !== null);
  return parts.length ? parts.join('; ') : 'pass-through';
}

/** The modules that are on under these faults, in chain order, each with its hooks; empty for pass-through. */
export type Chain = { module: FaultModuleName; hooks: FaultHooks }[];

export function buildChain(faults: Faults): Chain {
  return FAULT_MODULES.flatMap((m) => {
    const hooks = (m as FaultModule).create(faults);
    return hooks ? [{ module: m.name, hooks }] : [];
  });
}

/** What the chain decided for one request, with the module behind each part. */
export interface Decision {
  delay?: { ms: number; module: FaultModuleName };
  dropResponse?: FaultModuleName;
  closeAfter?: FaultModuleName;
  swallow?: FaultModuleName;
  respond?: { module: FaultModuleName; response: Buffer; errorCode: number };
}

/** Runs a request through the chain; null when no module decided anything (forward it unchanged). */
export function decideRequest(chain: Chain, request: InterceptedRequest): Decision | null {
  let decided: Decision | null = null;
  for (const { module, hooks } of chain) {
    const decision = hooks.onRequest?.(request);
    if (!decision) continue;
    decided ??= {};
    switch (decision.kind) {
      case 'delay':
        decided.delay ??= { ms: decision.ms, module };
        break;
      case 'drop-response':
        decided.dropResponse ??= module;
        break;
      case 'close-after':
        decided.closeAfter ??= module;
        break;
      case 'swallow':
        decided.swallow = module;
        return decided;
      case 'respond':
        decided.respond = { module, response: decision.response, errorCode: decision.errorCode };
        return decided;
    }
  }
  return decided;
}

/** Runs a response of the broker through the chain; the module that drops it, or null to forward it. */
export function decideResponse(chain: Chain, response: InterceptedResponse): { drop: FaultModuleName } | null {
  for (const { module, hooks } of chain) {
    if (hooks.onResponse?.(response)?.kind === 'drop') return { drop: module };
  }
  return null;
}
