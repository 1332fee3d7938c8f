export { LANGS, LANG_ENV, LangError, hasHangul, isLang, resolveLang } from './lang.ts';
export type { Lang } from './lang.ts';
export { defineMessages, textsIn } from './messages.ts';
export type { Catalog, Message, Texts } from './messages.ts';
