import type { TLanguage } from '@portal/contracts';
import { serverText } from '../../lib/i18n';
import { createPdf, finishPdf } from '../../lib/pdf';
import type { TLegalSource } from './source';

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
  const pdf = createPdf({
    language,
    title: source.title,
    subject: `${labels.version} ${source.version}`,
    date,
  });
  const { doc, width } = pdf;
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
  return finishPdf(pdf, (page, count) => `${source.title} · ${page} / ${count}`);
}
