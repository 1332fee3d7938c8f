import { writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { UsageError } from './errors.ts';

const REASONS: Record<string, (file: string) => string> = {
  ENOENT: (file) => `its folder ${dirname(file)} does not exist`,
  ENOTDIR: (file) => `${dirname(file)} is not a folder`,
  EISDIR: () => 'it is a folder',
  EACCES: () => 'permission denied',
  EPERM: () => 'permission denied',
  EROFS: () => 'the file system is read-only',
};

/** Writes `text` to the file a flag names; one that cannot be written is a UsageError naming the flag, the path and why. */
export function writeFlagFile(flag: string, file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    const why = REASONS[code]?.(file) ?? (err instanceof Error ? err.message : String(err));
    throw new UsageError(`${flag} ${file}: cannot write it: ${why}`);
  }
}
