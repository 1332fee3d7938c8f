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

/** A manifest's title in `lang`: `title` is English, `ko.title` Korean. */
export const titleIn = (manifest: { title: string; ko: { title: string } }, lang: Lang): string => (lang === 'ko' ? manifest.ko.title : manifest.title);

/** Columns `text` takes in a terminal: a Hangul syllable or jamo (and other wide CJK) two, anything else one. */
export const displayWidth = (text: string) => [...text].reduce((n, c) => n + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/.test(c) ? 2 : 1), 0);

/** `text` padded with spaces to `width` terminal columns. */
export const padDisplay = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - displayWidth(text)));

/** Whether `text` holds a Hangul syllable or letter: what tells a Korean line from an English one. */
export const hasHangul = (text: string) => /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]/.test(text);
