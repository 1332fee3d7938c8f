export { UsageError, oneLine } from './errors.ts';
export { parseFlags, parseCommand, flagsHelp } from './flags.ts';
export { commandLang, LANG_FLAG } from './lang.ts';
export type { FlagSpec, FlagValues } from './flags.ts';
export { exitFlushed, parseArgvOrExit, runMain, useColor } from './main.ts';
export { portHolder } from './port-holder.ts';
export { writeFlagFile } from './output-file.ts';
export { eventLog, LOG_NAME } from './event-log.ts';
export type { EventLog, LineCodec, LineCodecs, MalformedLine, Stamped } from './event-log.ts';
