import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import type { TLanguage } from '@portal/contracts';
import { serverText } from '../../lib/i18n';
import type { TLegalSource } from './source';

const require = createRequire(import.meta.url);

/** DejaVu Sans (Latin and Cyrillic) from the dejavu-fonts-ttf package: the same on every machine. */
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONTS = { regular: join(FONT_DIR, 'DejaVuSans.ttf'), bold: join(FONT_DIR, 'DejaVuSans-Bold.ttf') };

/**
 * One legal document as a PDF (A4, the fonts' used glyphs embedded). Deterministic: the dates in
 * the PDF are the document's effective date, so the same source gives the same bytes.
 */
export function renderLegalPdf(source: TLegalSource, language: TLanguage): Promise<Buffer> {
  const date = new Date(`${source.effective}T00:00:00Z`);
  // The words around the text, in the document's own language (the server catalogue's `pdf.*`).
  const labels = {
    version: serverText(language, 'pdf.version'),
    effective: serverText(language, 'pdf.effective'),
  };
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    bufferPages: true,
    lang: language === 'BT' ? 'pt-BR' : language === 'TUV' ? 'tyv' : language,
    displayTitle: true,
    info: {
      Title: source.title,
      Subject: `${labels.version} ${source.version}`,
      Producer: 'partner-portal',
      Creator: 'partner-portal',
      CreationDate: date,
      ModDate: date,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);

  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font('bold').fontSize(18).text(source.title, { width });
  doc.moveDown(0.3);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor('#555555')
    .text(`${labels.version} ${source.version} · ${labels.effective} ${source.effective}`, { width });
  doc.fillColor('#000000').moveDown(1);

  for (const block of source.blocks) {
    if (block.kind === 'heading') {
      doc.moveDown(0.6).font('bold').fontSize(12).text(block.text, { width });
      doc.moveDown(0.3);
    } else if (block.kind === 'item') {
      // A hanging indent: the bullet (or the number) in the margin of the item's own lines.
      const left = doc.page.margins.left;
      doc.font('regular').fontSize(10);
      const indent = Math.max(14, Math.ceil(doc.widthOfString(block.marker)) + 6);
      if (doc.y + doc.currentLineHeight(true) > doc.page.maxY()) doc.addPage();
      const top = doc.y;
      doc.text(block.marker, left + 2, top, { width: indent - 4, lineBreak: false });
      doc.text(block.text, left + indent, top, { width: width - indent, paragraphGap: 3, lineGap: 1.5 });
      doc.x = left;
    } else {
      doc
        .font('regular')
        .fontSize(10)
        .text(block.text, { width, align: 'justify', paragraphGap: 6, lineGap: 1.5 });
    }
  }

  // Page numbers, "n / total", at the foot of every page.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#777777')
      .text(`${source.title} · ${index + 1} / ${range.count}`, doc.page.margins.left, doc.page.height - 40, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
