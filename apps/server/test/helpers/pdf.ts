import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

/** One piece of text as pdfkit placed it: its words, its font's name, where it starts (points, from the bottom). */
export type TPdfText = { text: string; font: string; x: number; y: number };

/** The bytes of a stream, uncompressed, as text. */
const streamText = (stream: PDFRawStream) =>
  Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');

/** A font's ToUnicode map: glyph code (4 hex digits) to its text. */
function toUnicode(stream: PDFRawStream): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) =>
    String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const [, start, end, list] of streamText(stream).matchAll(
    /<([0-9a-f]{4})> <([0-9a-f]{4})> \[([^\]]*)\]/gi,
  )) {
    const codes = [...list!.matchAll(/<([0-9a-f ]+)>/gi)].map((match) => utf16(match[1]!.replace(/ /g, '')));
    for (let code = parseInt(start!, 16); code <= parseInt(end!, 16); code += 1)
      map.set(code.toString(16).padStart(4, '0'), codes[code - parseInt(start!, 16)] ?? '');
  }
  return map;
}

/**
 * The text of each page of a PDF that pdfkit wrote, in the order it was written: one entry per
 * text operation (a line, or a cell of a table), decoded through each font's ToUnicode map.
 */
export async function pdfTexts(bytes: Uint8Array): Promise<TPdfText[][]> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  return pdf.getPages().map((page) => {
    const fonts = new Map<string, Map<string, string>>();
    const resources = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of resources?.entries() ?? []) {
      const font = pdf.context.lookup(ref, PDFDict);
      const cmap = font.lookup(PDFName.of('ToUnicode'));
      if (cmap instanceof PDFRawStream) fonts.set(name.asString(), toUnicode(cmap));
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    const content = streams
      .map((stream) => pdf.context.lookup(stream))
      .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
      .map(streamText)
      .join('\n');
    const texts: TPdfText[] = [];
    for (const [, block] of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      const font = /(\/\w+) [\d.]+ Tf/.exec(block!)?.[1] ?? '';
      const [, x = '0', y = '0'] = /1 0 0 1 ([\d.-]+) ([\d.-]+) Tm/.exec(block!) ?? [];
      const map = fonts.get(font) ?? new Map<string, string>();
      const text = [...block!.matchAll(/<([0-9a-f]+)>/gi)]
        .map(([, hex]) => (hex!.match(/.{4}/g) ?? []).map((code) => map.get(code) ?? '').join(''))
        .join('');
      texts.push({ text, font, x: Number(x), y: Number(y) });
    }
    return texts;
  });
}

/** A PDF's text, page after page, one line per text operation. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfTexts(bytes)).flatMap((page) => page.map((item) => item.text)).join('\n');
}
