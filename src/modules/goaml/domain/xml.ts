/**
 * A small XML writer for goAML reports. Reports are built as a tree of nodes (never as
 * strings), validated as a tree (validate.ts) and serialised here, so every piece of caller
 * text passes through one escaping function. Output is deterministic: the same tree gives
 * the same bytes (fixed declaration, two-space indent, "\n" line ends, attributes sorted).
 */

export interface XmlElement {
  readonly name: string;
  readonly attrs?: Readonly<Record<string, string>>;
  readonly children?: readonly XmlElement[];
  /** Text content; an element has either text or children. */
  readonly text?: string;
}

/** Thrown when text holds a character XML 1.0 cannot carry (it is refused, never altered). */
export class XmlCharacterError extends Error {
  constructor(
    readonly path: string,
    readonly codePoint: number,
  ) {
    super(`${path}: contains a character XML 1.0 forbids (${formatCodePoint(codePoint)})`);
    this.name = "XmlCharacterError";
  }
}

export const formatCodePoint = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;

/** XML 1.0 `Char`: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]. */
export function isXmlChar(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

/** The first character XML 1.0 forbids (a lone surrogate counts), or null. */
export function firstForbiddenChar(value: string): number | null {
  // for..of walks code points; a lone surrogate comes out as itself (0xD800-0xDFFF).
  for (const ch of value) {
    const cp = ch.codePointAt(0) ?? 0;
    if (!isXmlChar(cp)) return cp;
  }
  return null;
}

const TEXT_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;" };
// In attributes a raw tab or newline would be normalised to a space by any parser: keep them.
const ATTR_ESCAPES: Record<string, string> = {
  ...TEXT_ESCAPES,
  '"': "&quot;",
  "'": "&apos;",
  "\t": "&#9;",
  "\n": "&#10;",
};

function escapeWith(table: Record<string, string>, pattern: RegExp, value: string, path: string) {
  const bad = firstForbiddenChar(value);
  if (bad !== null) throw new XmlCharacterError(path, bad);
  return value.replace(pattern, (ch) => table[ch] ?? ch);
}

/** Escapes element text (`&`, `<`, `>`, and `\r` so it survives end-of-line normalisation). */
export const escapeText = (value: string, path = "text"): string =>
  escapeWith(TEXT_ESCAPES, /[&<>\r]/g, value, path);

/** Escapes an attribute value for double-quoted output. */
export const escapeAttribute = (value: string, path = "attribute"): string =>
  escapeWith(ATTR_ESCAPES, /[&<>"'\t\n\r]/g, value, path);

// Names come from our code, never from input; still refuse anything that is not a plain name.
const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

function checkName(name: string, path: string): void {
  if (!NAME.test(name)) throw new Error(`${path}: not an XML name: ${JSON.stringify(name)}`);
}

/** Builds an element with children, dropping absent (undefined/null) ones. */
export function el(name: string, ...children: (XmlElement | undefined | null | false)[]): XmlElement {
  return { name, children: children.filter((c): c is XmlElement => Boolean(c)) };
}

/** Builds a text element. */
export const leaf = (name: string, text: string): XmlElement => ({ name, text });

/** A text element only when the value is present (optional schema elements). */
export const optLeaf = (name: string, text: string | null | undefined): XmlElement | undefined =>
  text === null || text === undefined ? undefined : leaf(name, text);

/** Serialises a tree: UTF-8 declaration, two-space indent, one element per line. */
export function serialize(root: XmlElement): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, 0, root.name, lines);
  return `${lines.join("\n")}\n`;
}

function write(node: XmlElement, depth: number, path: string, out: string[]): void {
  checkName(node.name, path);
  const pad = "  ".repeat(depth);
  const attrs = Object.keys(node.attrs ?? {})
    .sort()
    .map((key) => {
      checkName(key, `${path}/@${key}`);
      return ` ${key}="${escapeAttribute(node.attrs?.[key] ?? "", `${path}/@${key}`)}"`;
    })
    .join("");
  const children = node.children ?? [];
  if (node.text !== undefined) {
    if (children.length > 0) throw new Error(`${path}: an element has text or children, not both`);
    out.push(`${pad}<${node.name}${attrs}>${escapeText(node.text, path)}</${node.name}>`);
    return;
  }
  if (children.length === 0) {
    out.push(`${pad}<${node.name}${attrs}/>`);
    return;
  }
  out.push(`${pad}<${node.name}${attrs}>`);
  const paths = childPaths(path, children);
  children.forEach((child, i) => {
    write(child, depth + 1, paths[i] ?? path, out);
  });
  out.push(`${pad}</${node.name}>`);
}

/** Paths of children for messages: `parent/name`, or `parent/name[2]` when the name repeats. */
export function childPaths(parent: string, children: readonly XmlElement[]): string[] {
  const counts = new Map<string, number>();
  for (const c of children) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return children.map((c) => {
    const index = (seen.get(c.name) ?? 0) + 1;
    seen.set(c.name, index);
    return (counts.get(c.name) ?? 0) > 1 ? `${parent}/${c.name}[${index}]` : `${parent}/${c.name}`;
  });
}
