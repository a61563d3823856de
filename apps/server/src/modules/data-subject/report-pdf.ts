import { DATA_REPORT_TEXTS as T, fmt, type ClientDataReport, recordText } from '@vialex/domain';
import { PDF_INK, PDF_MUTED, pdfDocument, sizeText } from '../../platform/pdf.js';

/** The report's file names: the client's id, never their name (a download folder is no safe place). */
export const reportFileName = (clientId: string, format: 'pdf' | 'json') =>
  `reporte-datos-${clientId.slice(0, 8)}.${format}`;

const at = (iso: string | null) => (iso ? recordText(iso) : null);

/** The client's data report as a PDF stream, in the layout of the case file (platform/pdf.ts). */
export function reportPdf(report: ClientDataReport, now: Date): PDFKit.PDFDocument {
  const p = report.persona;
  const nombre = `${p.nombres} ${p.apellidos}`.trim();
  const { doc, width, heading, field, end } = pdfDocument(
    T.titulo,
    `${fmt(T.persona, { nombre, tipo: p.tipoidentificacion, identificacion: p.identificacion })} · ${fmt(T.generado, { fecha: recordText(now) })}`,
    now,
  );
  const F = T.campos;
  const line = (text: string, muted = false) =>
    doc
      .font('Helvetica')
      .fillColor(muted ? PDF_MUTED : PDF_INK)
      .fontSize(10)
      .text(text, { width });
  const empty = (items: unknown[], text: string) => {
    if (!items.length) line(text, true);
  };

  doc.moveDown(0.6);
  line(fmt(T.ley, report.responsable), true);

  heading(T.secciones.persona);
  field(F.nombres, p.nombres);
  field(F.apellidos, p.apellidos);
  field(F.identificacion, `${p.tipoidentificacion} ${p.identificacion}`);
  field(F.telefono, p.telefono);
  field(F.direccion, p.direccion);
  field(F.ciudad, [p.ciudad, p.departamento].filter(Boolean).join(', '));
  field(F.estado, p.activo ? F.activo : F.inactivo);
  field(F.creado, at(p.creado));
  field(F.modificado, at(p.modificado));

  heading(T.secciones.casos);
  empty(report.casos, T.vacio.casos);
  for (const c of report.casos) {
    doc
      .font('Helvetica-Bold')
      .fillColor(PDF_INK)
      .fontSize(10)
      .text(fmt(F.caso, { caso: c.caso }));
    field(F.creadoCaso, at(c.creado));
    field(F.estadoCaso, c.archivado ? `${c.estado} (${F.archivado})` : c.estado);
    if (c.cerrado) field(F.cerrado, at(c.cerrado));
    field(F.relacion, c.roles.map((r) => T.roles[r]).join(', '));
    field(F.placa, c.placa);
    field(F.lugar, [c.direccion, c.ciudad, c.departamento].filter(Boolean).join(', '));
    field(
      F.posicion,
      c.posicion
        ? `${c.posicion.lat.toFixed(6)}, ${c.posicion.lng.toFixed(6)}${
            c.posicion.origen && c.posicion.origen in T.origenes
              ? ` (${T.origenes[c.posicion.origen as keyof typeof T.origenes]})`
              : ''
          }`
        : F.sinPosicion,
    );
    doc.moveDown(0.4);
  }

  heading(T.secciones.autorizaciones);
  empty(report.autorizaciones, T.vacio.autorizaciones);
  for (const a of report.autorizaciones)
    line(
      `${fmt(F.caso, { caso: a.caso })} · ${at(a.fecha)} · ${fmt(F.version, { version: a.version })}${
        a.ip ? ` · ${fmt(F.ip, { ip: a.ip })}` : ''
      }`,
    );

  heading(T.secciones.sms);
  empty(report.sms, T.vacio.sms);
  for (const m of report.sms) {
    doc
      .font('Helvetica-Bold')
      .fillColor(PDF_MUTED)
      .fontSize(9)
      .text(`${fmt(F.caso, { caso: m.caso })} · ${at(m.fecha)} · ${m.telefono} · ${m.estado}`);
    line(m.texto);
    doc.moveDown(0.3);
  }

  heading(T.secciones.archivos);
  empty(report.archivos, T.vacio.archivos);
  for (const f of report.archivos)
    doc
      .font('Helvetica')
      .fillColor(PDF_INK)
      .fontSize(10)
      .text(`${fmt(F.caso, { caso: f.caso })} · ${F.sala}: `, { continued: true })
      .font('Helvetica-Bold')
      .text(f.nombre, { continued: true })
      .font('Helvetica')
      .fillColor(PDF_MUTED)
      .text(`  (${sizeText(f.tamano)}, ${at(f.fecha)})`);

  return end(T.pagina);
}
