/**
 * A small XML reader for the subset the official sanctions lists use (Workers have no DOMParser):
 * elements, attributes, text, CDATA, the five named entities and numeric references; comments,
 * processing instructions and a DOCTYPE are skipped. Namespace prefixes are dropped from names.
 *
 * It walks the text once and builds a tree only for the records asked for (`eachRecord`), so a
 * list of tens of thousands of entries is held as text plus one record at a time.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export class XmlError extends Error {}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function decodeEntities(raw: string): string {
  if (!raw.includes("&")) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith("#x")) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
    if (ref.startsWith("#")) return String.fromCodePoint(Number.parseInt(ref.slice(1), 10));
    return ENTITIES[ref] ?? whole;
  });
}

const localName = (qname: string) => qname.slice(qname.indexOf(":") + 1);

const ATTR = /([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

function parseAttrs(raw: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of raw.matchAll(ATTR)) {
    const name = m[1] as string;
    if (name.startsWith("xmlns")) continue;
    attrs[localName(name)] = decodeEntities(m[3] ?? m[4] ?? "");
  }
  return attrs;
}

/** What the walk reports: an element's start (with whether it closes itself), text, an end. */
type Visitor = {
  open(name: string, attrs: Record<string, string>, selfClosing: boolean): void;
  text(text: string): void;
  close(name: string): void;
};

function walk(xml: string, visit: Visitor): void {
  let i = 0;
  const n = xml.length;
  while (i < n) {
    const lt = xml.indexOf("<", i);
    if (lt === -1) {
      visit.text(decodeEntities(xml.slice(i)));
      break;
    }
    if (lt > i) visit.text(decodeEntities(xml.slice(i, lt)));
    if (xml.startsWith("<!--", lt)) {
      const end = xml.indexOf("-->", lt + 4);
      if (end === -1) throw new XmlError("unclosed comment");
      i = end + 3;
    } else if (xml.startsWith("<![CDATA[", lt)) {
      const end = xml.indexOf("]]>", lt + 9);
      if (end === -1) throw new XmlError("unclosed CDATA section");
      visit.text(xml.slice(lt + 9, end));
      i = end + 3;
    } else if (xml.startsWith("<?", lt)) {
      const end = xml.indexOf("?>", lt + 2);
      if (end === -1) throw new XmlError("unclosed processing instruction");
      i = end + 2;
    } else if (xml.startsWith("<!", lt)) {
      const end = xml.indexOf(">", lt + 2);
      if (end === -1) throw new XmlError("unclosed declaration");
      i = end + 1;
    } else if (xml.startsWith("</", lt)) {
      const end = xml.indexOf(">", lt + 2);
      if (end === -1) throw new XmlError("unclosed end tag");
      visit.close(localName(xml.slice(lt + 2, end).trim()));
      i = end + 1;
    } else {
      const end = tagEnd(xml, lt + 1);
      const body = xml.slice(lt + 1, end);
      const selfClosing = body.endsWith("/");
      const inner = selfClosing ? body.slice(0, -1) : body;
      const space = inner.search(/\s/);
      const name = space === -1 ? inner : inner.slice(0, space);
      if (!name) throw new XmlError(`empty tag at ${lt}`);
      visit.open(localName(name), space === -1 ? {} : parseAttrs(inner.slice(space)), selfClosing);
      i = end + 1;
    }
  }
}

/** The index of the ">" ending a start tag, skipping quoted attribute values. */
function tagEnd(xml: string, from: number): number {
  let quote = "";
  for (let j = from; j < xml.length; j++) {
    const ch = xml[j];
    if (quote) {
      if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === ">") return j;
  }
  throw new XmlError("unclosed start tag");
}

/**
 * Calls `onRecord` with the tree of every element named one of `records` (local names), in
 * document order, and `onOther` with the attributes of every other element it opens outside them.
 */
export function eachRecord(
  xml: string,
  records: readonly string[],
  onRecord: (record: XmlElement) => void,
  onOther?: (name: string, attrs: Record<string, string>, path: readonly string[]) => void,
): void {
  const stack: XmlElement[] = [];
  const path: string[] = [];
  walk(xml, {
    open(name, attrs, selfClosing) {
      if (stack.length > 0 || records.includes(name)) {
        const el: XmlElement = { name, attrs, children: [], text: "" };
        stack.at(-1)?.children.push(el);
        if (selfClosing) {
          if (stack.length === 0) onRecord(el);
        } else stack.push(el);
        return;
      }
      onOther?.(name, attrs, path);
      if (!selfClosing) path.push(name);
    },
    text(text) {
      const top = stack.at(-1);
      if (top) top.text += text;
      else if (path.length > 0) onOther?.("#text", { text }, path);
    },
    close(name) {
      if (stack.length > 0) {
        const el = stack.pop() as XmlElement;
        if (el.name !== name) throw new XmlError(`</${name}> closes <${el.name}>`);
        if (stack.length === 0) onRecord(el);
        return;
      }
      if (path.pop() !== name) throw new XmlError(`unexpected </${name}>`);
    },
  });
  if (stack.length > 0 || path.length > 0) throw new XmlError("the document ends inside an element");
}

/** The children named `name`. */
export const childrenNamed = (el: XmlElement, name: string): XmlElement[] =>
  el.children.filter((c) => c.name === name);

/** The trimmed text of the first child named `name` ("" when there is none). */
export const childText = (el: XmlElement, name: string): string =>
  el.children.find((c) => c.name === name)?.text.trim() ?? "";

/** Every descendant named `name`, depth first. */
export function descendants(el: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const visit = (e: XmlElement) => {
    for (const c of e.children) {
      if (c.name === name) out.push(c);
      visit(c);
    }
  };
  visit(el);
  return out;
}
