/** The languages every word a learner reads exists in. */
export const LANGS = ['en', 'ko'] as const;
export type Lang = (typeof LANGS)[number];

/** The environment variable that selects the language when no `--lang` is given (and that passes it to a run script). */
export const LANG_ENV = 'KAFKA_LABS_LANG';

/** A language that is not one of LANGS: a usage error (one line, exit 2) at the CLI edge. */
export class LangError extends Error {
  override name = 'LangError';
}

export const isLang = (value: unknown): value is Lang => (LANGS as readonly unknown[]).includes(value);

function checked(value: string, source: string): Lang {
  if (!isLang(value)) throw new LangError(`${source} must be one of ${LANGS.join(', ')}, not '${value}'`);
  return value;
}

/**
 * The language to speak: `flag` (`--lang`) when given, else KAFKA_LABS_LANG, else Korean for a locale (LC_ALL,
 * LC_MESSAGES, LANG, the first one set) starting with `ko`, else English; an unknown flag or variable value is a LangError.
 */
export function resolveLang(flag?: string, env: NodeJS.ProcessEnv = process.env): Lang {
  if (flag !== undefined) return checked(flag, '--lang');
  const chosen = env[LANG_ENV];
  if (chosen) return checked(chosen, LANG_ENV);
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return locale.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}

/** Whether `text` holds a Hangul syllable or letter: what tells a Korean line from an English one. */
export const hasHangul = (text: string) => /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]/.test(text);
