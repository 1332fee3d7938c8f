import type { Lang } from './lang.ts';

/** One message in every language, as functions of the same parameters (none, or one object of named values). */
export type Message<A extends unknown[]> = { [L in Lang]: (...args: A) => string };

/** A catalog of messages by key, each in every language. */
export type Catalog<P extends Record<string, unknown[]>> = { [K in keyof P]: Message<P[K]> };

/** The messages of a catalog in one language: `t.key(params)` gives the whole sentence. */
export type Texts<P extends Record<string, unknown[]>> = { [K in keyof P]: (...args: P[K]) => string };

/**
 * A typed catalog: each key's `en` declares its parameters and `ko` must take the same ones, so that a key missing
 * a language, or a language reading other parameters, fails the typecheck.
 */
export function defineMessages<P extends Record<string, unknown[]>>(catalog: { [K in keyof P]: { en: (...args: P[K]) => string; ko: (...args: NoInfer<P[K]>) => string } }): Catalog<P> {
  return catalog as Catalog<P>;
}

/** The texts of a catalog value (`TextsOf<typeof MESSAGES>`), for a function that is handed them. */
export type TextsOf<C> = C extends Catalog<infer P> ? Texts<P> : never;

/** The catalog's messages in `lang`. */
export function textsIn<P extends Record<string, unknown[]>>(catalog: Catalog<P>, lang: Lang): Texts<P> {
  return Object.fromEntries(Object.entries(catalog).map(([key, message]) => [key, (message as Message<unknown[]>)[lang]])) as unknown as Texts<P>;
}
