/**
 * The XML side of the importers: a small element tree with source lines, the limits that keep a
 * hostile file from costing memory or time, and the interface an XML parser is passed in through.
 * The importers never parse XML themselves; the caller hands them an {@link XmlParser} (the app,
 * the CLI and the tests use {@link saxesXmlParser} from `./saxesXml`).
 */

/** One element of a parsed document, with where it starts in the file. */
export interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** Text and CDATA directly inside the element, joined. */
  readonly text: string;
  /** 1-based line of the element's start tag. */
  readonly line: number;
}

/** Limits a parse must stay within; past any of them the file is refused, not half-read. */
export interface XmlLimits {
  /** Largest text accepted, in UTF-16 code units (about bytes for these ASCII formats). */
  readonly maxChars: number;
  /** Most elements in the document. */
  readonly maxElements: number;
  /** Deepest nesting. */
  readonly maxDepth: number;
}

/**
 * Tiled maps of 200x200 hexes with XML-encoded tiles hold about 40,000 elements and BattleScribe
 * game systems a few hundred thousand; these limits leave room for ten times that and still refuse
 * a 100 MB file before reading it.
 */
export const DEFAULT_XML_LIMITS: XmlLimits = {
  maxChars: 48 * 1024 * 1024,
  maxElements: 4_000_000,
  maxDepth: 128,
};

/** A problem an importer found: what is wrong and where (element and line, or a JSON pointer). */
export interface ImportProblem {
  readonly file: string;
  /** `<element> line N` for XML, a JSON pointer for JSON, or '' for the whole file. */
  readonly where: string;
  readonly message: string;
}

/** Thrown by a parser or an importer; carries every problem so nothing is imported half-way. */
export class ImportError extends Error {
  constructor(readonly problems: readonly ImportProblem[]) {
    super(problems.map(formatImportProblem).join('\n'));
    this.name = 'ImportError';
  }
}

export function formatImportProblem(p: ImportProblem): string {
  return `${p.file}${p.where ? ` at ${p.where}` : ''}: ${p.message}`;
}

/** Where an element is, for messages: `<layer name="ground"> line 12`. */
export function whereXml(el: XmlElement): string {
  const name = el.attrs['name'];
  return `<${el.name}${name !== undefined ? ` name="${name}"` : ''}> line ${el.line}`;
}

/**
 * Parses XML text into an element tree, or throws {@link ImportError} naming the line. A parser
 * must refuse any document type declaration (so no entity can be declared, expanded or fetched)
 * and must stay within `limits`.
 */
export type XmlParser = (text: string, file: string, limits?: XmlLimits) => XmlElement;

/** The first child element called `name`. */
export function child(el: XmlElement, name: string): XmlElement | undefined {
  return el.children.find((c) => c.name === name);
}

/** Every child element called `name`. */
export function children(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name);
}

/**
 * A cheap look at the text before any parsing: a file too large, or one that declares a document
 * type (the door to entity expansion and external entities), is refused at once with its line.
 */
export function screenXml(text: string, file: string, limits: XmlLimits): void {
  if (text.length > limits.maxChars) {
    throw new ImportError([
      {
        file,
        where: '',
        message: `the file is ${(text.length / 1048576).toFixed(1)} MB, more than the ${limits.maxChars / 1048576} MB an import reads; it is not a map or catalogue Sandtable can import`,
      },
    ]);
  }
  const at = text.search(/<!DOCTYPE|<!ENTITY/i);
  if (at >= 0) {
    throw new ImportError([
      {
        file,
        where: `<!DOCTYPE> line ${lineAt(text, at)}`,
        message:
          'the file declares a document type; Tiled and BattleScribe never write one, and Sandtable refuses them so that no entity can be expanded or fetched. Remove the <!DOCTYPE …> block.',
      },
    ]);
  }
}

/** 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
