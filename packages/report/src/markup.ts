// HTML and SVG as values: text is escaped unless it is already markup, so no run-folder text becomes a tag.

/** Markup made by `el`, `join` or `trusted`; anything else is text. */
export class Markup {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** A child of an element: markup as it is, a string or number as escaped text, nothing for null/undefined/false. */
export type Child = Markup | string | number | null | undefined | false | Child[];

/** Attribute values; null, undefined and false leave the attribute out, true writes it without a value. */
export type Attrs = Record<string, string | number | boolean | null | undefined>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text with &, <, >, " and ' escaped. */
export const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A number as an attribute or text: integers as they are, others with at most one decimal. */
const number = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, ''));

const render = (child: Child): string => {
  if (child === null || child === undefined || child === false) return '';
  if (Array.isArray(child)) return child.map(render).join('');
  if (child instanceof Markup) return child.text;
  return typeof child === 'number' ? number(child) : escape(child);
};

function attrText(attrs: Attrs): string {
  return Object.entries(attrs)
    .filter(([, v]) => v !== null && v !== undefined && v !== false)
    .map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${typeof v === 'number' ? number(v) : escape(v as string)}"`))
    .join('');
}

/** Children as one piece of markup. */
export const join = (...children: Child[]) => new Markup(render(children));

const VOID = new Set(['meta', 'br', 'hr', 'img', 'col']);

/** `<tag attrs>children</tag>` (void HTML elements have no closing tag). */
export function el(tag: string, attrs: Attrs = {}, ...children: Child[]): Markup {
  const open = `<${tag}${attrText(attrs)}>`;
  return new Markup(VOID.has(tag) ? open : `${open}${render(children)}</${tag}>`);
}

/** Constant markup written in this package (a style sheet, the doctype), never text from a run folder. */
export const trusted = (text: string) => new Markup(text);
