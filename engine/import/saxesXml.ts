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
  // On a stray closing tag saxes first closes the open elements, then reports the error at
  // the same position: remember the first element closed there to name it in the message.
  let popAt = -1;
  let firstPopped: Building | undefined;
  parser.on('closetag', () => {
    if (parser.position !== popAt) {
      popAt = parser.position;
      firstPopped = stack[stack.length - 1];
    }
    const done = stack.pop()!;
    const el: XmlElement = done;
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(el);
    else root = el;
  });
  const errors: { line: number; column: number; message: string; open?: Building }[] = [];
  const report = (): never => {
    const first = errors[0]!;
    const messages = [...new Set(errors.map((e) => e.message))].join('; ');
    return fail(
      `line ${first.line}, column ${first.column}${first.open ? ` (inside <${first.open.name}> of line ${first.open.line})` : ''}`,
      `the XML is not well formed: ${messages}`,
    );
  };
  parser.on('error', (err) => {
    // saxes reports "line:column: message"; keep the message and name the open element. It goes
    // on after an error, and its next messages often say more ("unmatched closing tag: layr").
    errors.push({
      line: parser.line,
      column: parser.column,
      message: err.message.replace(/^\d+:\d+: /, '').replace(/\.$/, ''),
      open: popAt === parser.position ? firstPopped : stack[stack.length - 1],
    });
    if (errors.length >= 3) report();
  });
  parser.write(text).close();
  if (errors.length) report();
  if (!root) fail('', 'the file holds no XML element');
  return root!;
};
