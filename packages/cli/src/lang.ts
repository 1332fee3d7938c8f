import { LangError, LANGS, resolveLang, type Lang } from '@kafka-labs/i18n';
import { UsageError } from './errors.ts';

/** The `--lang` flag of `pnpm lab`, `pnpm grade` and `pnpm report`. */
export const LANG_FLAG = {
  kind: 'string',
  help: `the language of the transcript, the grade and the report: ${LANGS.join(' or ')} (else KAFKA_LABS_LANG, else the locale, else en)`,
} as const;

/** The language a command speaks (`--lang`, else KAFKA_LABS_LANG, else the locale); an unknown value is a UsageError. */
export function commandLang(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): Lang {
  try {
    return resolveLang(flag, env);
  } catch (err) {
    throw err instanceof LangError ? new UsageError(err.message) : err;
  }
}
