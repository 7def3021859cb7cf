import { DOMParser, type Document } from '@xmldom/xmldom';

/**
 * Parses a document with @xmldom/xmldom (a real XML parser: entities, CDATA, comments decoded). A
 * document that is not well-formed throws, named by `what` ("the AEAT's answer"): xmldom only reports
 * most errors to its `onError`, and throws on the fatal ones (a tag left open, mismatched tags).
 */
export function parseXml(xml: string, what: string): Document {
  const errors: string[] = [];
  let doc: Document | undefined;
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') errors.push(message);
      },
    }).parseFromString(xml, 'text/xml');
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  }
  if (errors.length > 0 || !doc?.documentElement) throw new Error(`${what} is not well-formed XML: ${errors[0] ?? 'empty'}`);
  return doc;
}
