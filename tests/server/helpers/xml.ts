/**
 * A strict XML 1.0 well-formedness check for the feeds and the sitemap (no XML parser is among
 * the project's dependencies): one root element, matched nesting, quoted and unique attributes,
 * only the five predefined entities and character references, no character XML forbids,
 * namespace prefixes declared. Throws on the first problem, with its offset; answers the tree.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: (XmlElement | string)[];
}

const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function isXmlChar(code: number): boolean {
  if (code === 0x9 || code === 0xa || code === 0xd) return true;
  if (code < 0x20) return false;
  if (code >= 0xd800 && code <= 0xdfff) return false;
  return code !== 0xfffe && code !== 0xffff;
}

/** Decodes references; throws on a bare `&` or an unknown entity. */
function decode(text: string, at: number): string {
  return text.replace(/&([^;&\s]*)(;?)/g, (whole, name: string, semicolon: string) => {
    if (!semicolon) throw new Error(`bare '&' at ${at}: ${JSON.stringify(text.slice(0, 60))}`);
    const hex = /^#x([0-9a-fA-F]+)$/.exec(name);
    const dec = /^#([0-9]+)$/.exec(name);
    const code = hex ? parseInt(hex[1] ?? '', 16) : dec ? Number(dec[1]) : null;
    if (code !== null) {
      if (!isXmlChar(code) || code > 0x10ffff) throw new Error(`reference to a character XML forbids (${whole}) at ${at}`);
      return String.fromCodePoint(code);
    }
    const entity = ENTITIES[name];
    if (entity === undefined) throw new Error(`unknown entity ${whole} at ${at}`);
    return entity;
  });
}

export function parseXml(xml: string): XmlElement {
  for (const char of xml) {
    if (!isXmlChar(char.codePointAt(0) ?? 0)) throw new Error(`character U+${(char.codePointAt(0) ?? 0).toString(16)} is not allowed in XML`);
  }
  let pos = 0;
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>/.exec(xml);
  if (!declaration) throw new Error('missing the XML declaration');
  pos = declaration[0].length;
  const stack: { element: XmlElement; namespaces: Set<string> }[] = [];
  let root: XmlElement | null = null;

  while (pos < xml.length) {
    if (xml.startsWith('<!--', pos)) {
      const end = xml.indexOf('-->', pos + 4);
      if (end < 0) throw new Error(`unclosed comment at ${pos}`);
      pos = end + 3;
    } else if (xml.startsWith('<![CDATA[', pos)) {
      if (stack.length === 0) throw new Error(`CDATA outside the root at ${pos}`);
      const end = xml.indexOf(']]>', pos);
      if (end < 0) throw new Error(`unclosed CDATA at ${pos}`);
      stack.at(-1)?.element.children.push(xml.slice(pos + 9, end));
      pos = end + 3;
    } else if (xml.startsWith('<!', pos) || xml.startsWith('<?', pos)) {
      throw new Error(`unexpected declaration or processing instruction at ${pos}`);
    } else if (xml.startsWith('</', pos)) {
      const end = xml.indexOf('>', pos);
      const name = xml.slice(pos + 2, end).trim();
      const open = stack.pop();
      if (!open || open.element.name !== name) throw new Error(`</${name}> at ${pos} closes ${open ? `<${open.element.name}>` : 'nothing'}`);
      pos = end + 1;
    } else if (xml[pos] === '<') {
      const match = /^<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/.exec(xml.slice(pos));
      if (!match) throw new Error(`malformed tag at ${pos}: ${JSON.stringify(xml.slice(pos, pos + 60))}`);
      const name = match[1] ?? '';
      if (!NAME.test(name)) throw new Error(`bad element name ${name} at ${pos}`);
      if (stack.length === 0 && root) throw new Error(`a second root element <${name}> at ${pos}`);
      const attributes: Record<string, string> = {};
      for (const [, key = '', value = ''] of (match[2] ?? '').matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
        if (!NAME.test(key)) throw new Error(`bad attribute name ${key} at ${pos}`);
        if (key in attributes) throw new Error(`duplicate attribute ${key} at ${pos}`);
        if (value.includes('<')) throw new Error(`'<' in attribute ${key} at ${pos}`);
        attributes[key] = decode(value, pos);
      }
      const namespaces = new Set(stack.at(-1)?.namespaces ?? ['xml']);
      for (const key of Object.keys(attributes)) if (key.startsWith('xmlns:')) namespaces.add(key.slice(6));
      for (const qualified of [name, ...Object.keys(attributes)]) {
        const prefix = qualified.includes(':') ? qualified.split(':')[0] : null;
        if (prefix && prefix !== 'xmlns' && !namespaces.has(prefix)) throw new Error(`undeclared namespace prefix ${prefix} at ${pos}`);
      }
      const element: XmlElement = { name, attributes, children: [] };
      if (stack.length === 0) root = element;
      else stack.at(-1)?.element.children.push(element);
      if (match[3] !== '/') stack.push({ element, namespaces });
      pos += match[0].length;
    } else {
      const end = xml.indexOf('<', pos);
      const raw = xml.slice(pos, end < 0 ? xml.length : end);
      if (raw.includes(']]>')) throw new Error(`']]>' in text at ${pos}`);
      if (stack.length === 0) {
        if (raw.trim() !== '') throw new Error(`text outside the root element at ${pos}`);
      } else {
        stack.at(-1)?.element.children.push(decode(raw, pos));
      }
      pos += raw.length;
    }
  }
  if (stack.length > 0) throw new Error(`<${stack.at(-1)?.element.name}> is never closed`);
  if (!root) throw new Error('no root element');
  return root;
}

/** The child elements called `name`. */
export const childrenNamed = (element: XmlElement, name: string): XmlElement[] =>
  element.children.filter((child): child is XmlElement => typeof child !== 'string' && child.name === name);

/** The one child element called `name` (throws when there is not exactly one). */
export function childNamed(element: XmlElement, name: string): XmlElement {
  const found = childrenNamed(element, name);
  if (found.length !== 1) throw new Error(`<${element.name}> has ${found.length} <${name}>`);
  return found[0] as XmlElement;
}

/** The text of an element (decoded). */
export const textOf = (element: XmlElement): string => element.children.map((child) => (typeof child === 'string' ? child : textOf(child))).join('');
