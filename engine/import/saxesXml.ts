import { SaxesParser } from 'saxes';
import {
  DEFAULT_XML_LIMITS,
  ImportError,
  screenXml,
  type XmlElement,
  type XmlLimits,
  type XmlParser,
} from './xml';

interface Building {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
}

/**
 * An {@link XmlParser} built on saxes, a strict streaming parser: well-formedness errors come with
 * their line, a document type declaration is refused (saxes never expands declared entities, and
 * an undeclared one is an error), and the element count and depth are bounded while parsing.
 */
export const saxesXmlParser: XmlParser = (
  text: string,
  file: string,
  limits: XmlLimits = DEFAULT_XML_LIMITS,
): XmlElement => {
  screenXml(text, file, limits);
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: Building[] = [];
  let root: XmlElement | undefined;
  let count = 0;
  const fail = (where: string, message: string): never => {
    throw new ImportError([{ file, where, message }]);
  };
  parser.on('doctype', () =>
    fail(
      `<!DOCTYPE> line ${parser.line}`,
      'the file declares a document type; Sandtable refuses them so that no entity can be expanded or fetched',
    ),
  );
  parser.on('opentag', (tag) => {
    if (++count > limits.maxElements)
      fail(`<${tag.name}> line ${parser.line}`, `more than ${limits.maxElements} elements`);
    if (stack.length >= limits.maxDepth)
      fail(`<${tag.name}> line ${parser.line}`, `elements nested deeper than ${limits.maxDepth}`);
    stack.push({
      name: tag.name,
      attrs: tag.attributes as Record<string, string>,
      children: [],
      text: '',
      line: parser.line,
    });
  });
  const addText = (t: string) => {
    const top = stack[stack.length - 1];
    if (top) top.text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const done = stack.pop()!;
    const el: XmlElement = done;
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(el);
    else root = el;
  });
  parser.on('error', (err) => {
    // saxes reports "line:column: message"; keep the message and name the open element.
    const msg = err.message.replace(/^\d+:\d+: /, '');
    const open = stack[stack.length - 1];
    fail(
      `line ${parser.line}, column ${parser.column}${open ? ` (inside <${open.name}> of line ${open.line})` : ''}`,
      `the XML is not well formed: ${msg}`,
    );
  });
  parser.write(text).close();
  if (!root) fail('', 'the file holds no XML element');
  return root!;
};
