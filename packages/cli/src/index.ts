export { UsageError, oneLine } from './errors.ts';
export { parseFlags, parseCommand, flagsHelp } from './flags.ts';
export type { FlagSpec, FlagValues } from './flags.ts';
export { runMain } from './main.ts';
