/**
 * The shape a JSON value of a run folder must have, checked before a grader touches it: a value of the wrong type is
 * one line naming where it is (`[3].value must be a string, not null`), never a TypeError inside the grader.
 */
export interface Shape<T> {
  /** What a value of this shape is, as a phrase: `a string`, `a list of objects`. */
  readonly describe: string;
  /** Returns the value as T, or throws a ShapeError naming `path`. */
  check(value: unknown, path: string): T;
}

/** A value that does not have its shape; `message` is one line (`.names.pay must be a string, not 3`). */
export class ShapeError extends Error {
  override name = 'ShapeError';
}

/** The type of a shape: `ShapeOf<typeof consumedShape>`. */
export type ShapeOf<S> = S extends Shape<infer T> ? T : never;

/** What a JSON value is, as a phrase for messages. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return Number.isFinite(value) ? `${value}` : 'a number that is not finite';
  if (typeof value === 'boolean') return `${value}`;
  if (typeof value === 'object') return 'an object';
  return typeof value;
}

const where = (path: string) => path || 'the document';
const field = (path: string, key: string) => (path ? `${path}.${key}` : key);

function leaf<T>(describe: string, test: (value: unknown) => boolean): Shape<T> {
  return {
    describe,
    check(value, path) {
      if (!test(value)) throw new ShapeError(`${where(path)} must be ${describe}, not ${kindOf(value)}`);
      return value as T;
    },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Fields = Record<string, Shape<unknown>>;
type Optional = { readonly optional: true };
type ObjectOf<F extends Fields> = { [K in keyof F as F[K] extends Optional ? never : K]: ShapeOf<F[K]> } & {
  [K in keyof F as F[K] extends Optional ? K : never]?: ShapeOf<F[K]>;
};

/** Shapes of JSON values; an object shape checks the fields it names and keeps the others unchecked. */
export const is = {
  string: leaf<string>('a string', (v) => typeof v === 'string'),
  /** A finite number. */
  number: leaf<number>('a number', (v) => typeof v === 'number' && Number.isFinite(v)),
  integer: leaf<number>('an integer', (v) => Number.isSafeInteger(v)),
  boolean: leaf<boolean>('true or false', (v) => typeof v === 'boolean'),
  null: leaf<null>('null', (v) => v === null),
  unknown: leaf<unknown>('anything', () => true),

  /** Exactly one of `values` (a variant's kind, a mode). */
  literal<const V extends readonly (string | number | boolean)[]>(...values: V): Shape<V[number]> {
    return leaf<V[number]>(values.map((v) => JSON.stringify(v)).join(' or '), (v) => values.includes(v as V[number]));
  },

  array<T>(item: Shape<T>): Shape<T[]> {
    return {
      describe: `a list of ${item.describe.replace(/^an? /, '')}s`,
      check(value, path) {
        if (!Array.isArray(value)) throw new ShapeError(`${where(path)} must be a list, not ${kindOf(value)}`);
        value.forEach((v, i) => item.check(v, `${path}[${i}]`));
        return value as T[];
      },
    };
  },

  object<F extends Fields>(fields: F): Shape<ObjectOf<F>> {
    return {
      describe: 'an object',
      check(value, path) {
        if (!isObject(value)) throw new ShapeError(`${where(path)} must be an object, not ${kindOf(value)}`);
        for (const [key, shape] of Object.entries(fields)) {
          if (value[key] === undefined && 'optional' in shape) continue;
          if (!(key in value)) throw new ShapeError(`${field(path, key)} is missing`);
          shape.check(value[key], field(path, key));
        }
        return value as ObjectOf<F>;
      },
    };
  },

  /** An object whose every value has the shape `value` (names by key, counts by partition). */
  record<T>(value: Shape<T>): Shape<Record<string, T>> {
    return {
      describe: `an object of ${value.describe.replace(/^an? /, '')}s`,
      check(input, path) {
        if (!isObject(input)) throw new ShapeError(`${where(path)} must be an object, not ${kindOf(input)}`);
        for (const [key, v] of Object.entries(input)) value.check(v, field(path, key));
        return input as Record<string, T>;
      },
    };
  },

  /** A field that may be absent (or undefined); present, it must have the shape. */
  optional<T>(shape: Shape<T>): Shape<T | undefined> & Optional {
    return { describe: shape.describe, optional: true, check: (value, path) => (value === undefined ? undefined : shape.check(value, path)) };
  },

  nullable<T>(shape: Shape<T>): Shape<T | null> {
    return { describe: `${shape.describe} or null`, check: (value, path) => (value === null ? null : shape.check(value, path)) };
  },

  /** One of several shapes, tried in order. */
  oneOf<S extends Shape<unknown>[]>(...shapes: S): Shape<ShapeOf<S[number]>> {
    const describe = shapes.map((s) => s.describe).join(' or ');
    return {
      describe,
      check(value, path) {
        for (const shape of shapes) {
          try {
            return shape.check(value, path) as ShapeOf<S[number]>;
          } catch (err) {
            if (!(err instanceof ShapeError)) throw err;
          }
        }
        throw new ShapeError(`${where(path)} must be ${describe}, not ${kindOf(value)}`);
      },
    };
  },
} as const;
