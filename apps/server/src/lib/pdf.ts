import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import type { TLanguage } from '@portal/contracts';

/** DejaVu Sans (Latin and Cyrillic) from the dejavu-fonts-ttf package: the same on every machine. */
const FONT_DIR = join(
  dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const FONTS = { regular: join(FONT_DIR, 'DejaVuSans.ttf'), bold: join(FONT_DIR, 'DejaVuSans-Bold.ttf') };

/** A document being written, its text width, and its bytes once `finishPdf` ends it. */
export type TPdf = { doc: PDFKit.PDFDocument; width: number; bytes: Promise<Buffer> };

/**
 * A new A4 document in `language` with the fonts 'regular' and 'bold' (their used glyphs embedded),
 * buffered in memory. Deterministic: its dates are `date`, so the same content gives the same bytes.
 */
export function createPdf(meta: { language: TLanguage; title: string; subject: string; date: Date }): TPdf {
  const { language, title, subject, date } = meta;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    bufferPages: true,
    lang: language === 'BT' ? 'pt-BR' : language === 'TUV' ? 'tyv' : language,
    displayTitle: true,
    info: {
      Title: title,
      Subject: subject,
      Producer: 'partner-portal',
      Creator: 'partner-portal',
      CreationDate: date,
      ModDate: date,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  return { doc, width: doc.page.width - doc.page.margins.left - doc.page.margins.right, bytes };
}

/** Writes `footer(page, count)` at the foot of every page (pages from 1), ends the document: its bytes. */
export function finishPdf(pdf: TPdf, footer: (page: number, count: number) => string): Promise<Buffer> {
  const { doc, width } = pdf;
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Below the bottom margin: without lifting it, pdfkit would start a new page for the line.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#777777')
      .text(footer(index + 1, range.count), doc.page.margins.left, doc.page.height - 40, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return pdf.bytes;
}
