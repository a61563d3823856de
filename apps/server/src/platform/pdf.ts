import PDFDocument from 'pdfkit';
import { BRAND, fmt } from '@vialex/domain';

/*
 * The server's PDFs (the case file 'Expediente del caso', the client's data report): pdfkit's
 * stream with its built-in Helvetica, whose WinAnsi encoding holds Spanish (á, é, ñ, ¿, ¡…), on
 * A4 with one look: a title, section headings with a rule, 'label: value' lines, page numbers.
 */

/** A file's size as people read it. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const PDF_MARGIN = 50;
export const PDF_INK = '#1f2933';
export const PDF_MUTED = '#5f6b7a';
export const PDF_ACCENT = '#0b5394';

export interface PdfLayout {
  doc: PDFKit.PDFDocument;
  /** The text width between the margins. */
  width: number;
  /** A section's heading with a rule under it (on a new page when too near the bottom). */
  heading(text: string): void;
  /** 'label: value', '—' for an empty value. */
  field(label: string, value: string | number | null | undefined): void;
  /** Ends the document: every page numbered with `pagina` ('Página {n} de {total}'). */
  end(pagina: string): PDFKit.PDFDocument;
}

/** A new A4 document titled `title` (its first line), with `subtitle` in small type under it. */
export function pdfDocument(title: string, subtitle: string, now: Date): PdfLayout {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PDF_MARGIN,
    bufferPages: true,
    info: { Title: title, Author: BRAND, Subject: title, CreationDate: now },
  });
  const width = doc.page.width - PDF_MARGIN * 2;

  doc.fillColor(PDF_ACCENT).font('Helvetica-Bold').fontSize(18).text(title);
  doc.moveDown(0.2).fillColor(PDF_MUTED).font('Helvetica').fontSize(9).text(subtitle);

  return {
    doc,
    width,
    heading(text) {
      if (doc.y > doc.page.height - PDF_MARGIN - 60) doc.addPage();
      doc.moveDown(0.8).fillColor(PDF_ACCENT).font('Helvetica-Bold').fontSize(12).text(text);
      doc
        .moveTo(PDF_MARGIN, doc.y + 2)
        .lineTo(PDF_MARGIN + width, doc.y + 2)
        .strokeColor('#c8d1dc')
        .lineWidth(0.5)
        .stroke();
      doc.moveDown(0.4).fillColor(PDF_INK).fontSize(10);
    },
    field(label, value) {
      doc
        .font('Helvetica-Bold')
        .fillColor(PDF_MUTED)
        .text(`${label}: `, { continued: true })
        .font('Helvetica')
        .fillColor(PDF_INK)
        .text(value === null || value === undefined || value === '' ? '—' : String(value));
    },
    end(pagina) {
      // Page numbers, once every page exists.
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        // The footer sits in the bottom margin: without this pdfkit would start a new page for it.
        doc.page.margins.bottom = 0;
        doc
          .font('Helvetica')
          .fontSize(8)
          .fillColor(PDF_MUTED)
          .text(fmt(pagina, { n: i + 1, total: range.count }), PDF_MARGIN, doc.page.height - PDF_MARGIN + 15, {
            width,
            align: 'right',
            lineBreak: false,
          });
      }
      doc.end();
      return doc;
    },
  };
}
