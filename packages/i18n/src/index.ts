export { LANGS, LANG_ENV, LangError, displayWidth, hasHangul, isLang, padDisplay, resolveLang, titleIn } from './lang.ts';
export type { Lang } from './lang.ts';
export { defineMessages, textsIn } from './messages.ts';
export type { Catalog, Message, Texts, TextsOf } from './messages.ts';
