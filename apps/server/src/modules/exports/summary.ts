import PDFDocument from 'pdfkit';
import { CASE_FILE_TEXTS as T, MSG, TIME_ZONE, fmt } from '@vialex/domain';
import type { CaseFileData, ExportFile } from './contents.js';

/*
 * The case summary an export sends, and that the workspace's 'Expediente del caso' downloads:
 * a JSON document for machines and a PDF for people (case data, team, policies, the full history
 * with dates, the list of files). The PDF is written as a stream (pdfkit) with its built-in
 * Helvetica, whose WinAnsi encoding holds Spanish (á, é, ñ, ¿, ¡…).
 */

const stamp = new Intl.DateTimeFormat('sv-SE', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
/** YYYY-MM-DD HH:mm:ss in Bogotá (EXPORT_DATE_FORMAT). */
export const bogota = (d: Date | null | undefined) => (d ? stamp.format(d) : '');

const dateOnly = (iso: string | null) => (iso ? bogota(new Date(iso)).slice(0, 10) : '—');

/** The case folder's name on the SFTP server and the summary's file names. */
export const caseFolder = (caso: number) => `caso-${caso}`;
export const summaryJsonName = (caso: number) => `resumen-caso-${caso}.json`;
export const summaryPdfName = (caso: number) => `expediente-caso-${caso}.pdf`;

function person(nombre: string | null, identificacion: number | null, telefono: string | null) {
  return nombre ? { nombre, identificacion, telefono } : null;
}

function team(data: CaseFileData) {
  const { caso: c, ...n } = data.row;
  const slot = (nombre: string | null, solicitado = false) => nombre ?? (solicitado ? T.solicitado : null);
  return {
    callcenter: slot(n.contactcenterNombre),
    abogado: slot(n.abogadoNombre),
    abogadocait: slot(n.abogadocaitNombre),
    investigador: slot(n.investigadorNombre, c.solicitud_investigador),
    perito: slot(n.peritoNombre, c.solicitud_perito),
    dibujante: slot(n.dibujanteNombre, c.solicitud_dibujante),
  };
}

const fileEntry = (f: ExportFile) => ({
  carpeta: f.carpeta,
  nombre: f.nombre,
  ruta: f.ruta,
  tamano: f.size,
  tipo: f.type,
  fecha: f.fecha.toISOString(),
});

/** The summary as JSON (resumen-caso-<n>.json). */
export function summaryJson(data: CaseFileData, now: Date): string {
  const { caso: c, ...n } = data.row;
  return JSON.stringify(
    {
      caso: {
        numero: c.caso,
        estado: c.estado,
        creado: c.creado.toISOString(),
        tipocaso: c.tipocaso,
        tipo_plan: c.tipo_plan,
        tipo_producto: c.tipo_producto,
        origen: c.origen,
        ciudad: c.ciudad_siniestro || n.ciudadNombre || '',
        departamento: c.departamento,
        direccion_siniestro: c.direccion_siniestro,
        placa: c.placa,
        vehiculo: n.vehiculo,
        empresa: n.empresaNombre,
        prioridad: c.prioridad,
        relacion: c.relacion,
        archivado: c.archivado,
        conductor: person(n.conductorNombre, n.conductorIdentificacion, n.conductorTelefono),
        propietario: person(n.propietarioNombre, n.propietarioIdentificacion, n.propietarioTelefono),
      },
      equipo: team(data),
      polizas: data.polizas.map((p) => ({
        fuente: p.fuente,
        poliza: p.polizas,
        producto: p.nombre_producto,
        fechaIni: p.fechaIni,
        fechaFin: p.fechaFin,
        vencida: p.vencida,
      })),
      historial: data.historial.map((h) => ({
        fechahora: h.fechahora.toISOString(),
        descripcion: h.descripcion,
        estado: h.estado,
        creador: h.creador,
        archivo: h.archivo,
      })),
      archivos: data.archivos.map(fileEntry),
      generado: now.toISOString(),
    },
    null,
    2,
  );
}

const MARGIN = 50;
const INK = '#1f2933';
const MUTED = '#5f6b7a';
const ACCENT = '#0b5394';

/** The case file as a PDF stream (expediente-caso-<n>.pdf); read it (or pipe it) to get its bytes. */
export function summaryPdf(data: CaseFileData, now: Date): PDFKit.PDFDocument {
  const { caso: c, ...n } = data.row;
  const title = fmt(MSG.expedienteTitulo, { caso: c.caso });
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: title, Author: 'VIALEX', Subject: title, CreationDate: now },
  });
  const width = doc.page.width - MARGIN * 2;

  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(18).text(title);
  doc
    .moveDown(0.2)
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(9)
    .text(fmt(T.generado, { fecha: bogota(now) }));

  const heading = (text: string) => {
    if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
    doc.moveDown(0.8).fillColor(ACCENT).font('Helvetica-Bold').fontSize(12).text(text);
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + width, doc.y + 2)
      .strokeColor('#c8d1dc')
      .lineWidth(0.5)
      .stroke();
    doc.moveDown(0.4).fillColor(INK).fontSize(10);
  };
  const field = (label: string, value: string | number | null | undefined) => {
    doc
      .font('Helvetica-Bold')
      .fillColor(MUTED)
      .text(`${label}: `, { continued: true })
      .font('Helvetica')
      .fillColor(INK)
      .text(value === null || value === undefined || value === '' ? '—' : String(value));
  };
  const who = (nombre: string | null, id: number | null, tel: string | null) =>
    nombre ? [nombre, id ? String(id) : '', tel ?? ''].filter(Boolean).join(' · ') : null;

  heading(T.datosCaso);
  const F = T.campos;
  field(F.caso, c.caso);
  field(F.estado, c.estado);
  field(F.creado, bogota(c.creado));
  field(F.tipocaso, c.tipocaso);
  field(F.plan, c.tipo_plan);
  field(F.producto, c.tipo_producto);
  field(F.origen, c.origen);
  field(F.ciudad, c.ciudad_siniestro || n.ciudadNombre);
  field(F.departamento, c.departamento);
  field(F.direccion, c.direccion_siniestro);
  field(F.placa, c.placa);
  field(F.vehiculo, n.vehiculo);
  field(F.empresa, n.empresaNombre);
  field(F.prioridad, c.prioridad);
  field(F.relacion, c.relacion);
  field(F.conductor, who(n.conductorNombre, n.conductorIdentificacion, n.conductorTelefono));
  field(F.propietario, who(n.propietarioNombre, n.propietarioIdentificacion, n.propietarioTelefono));
  field(F.archivado, c.archivado ? F.si : F.no);

  heading(T.equipo);
  const members = team(data);
  for (const [key, label] of Object.entries(T.roles))
    field(label, members[key as keyof typeof members] ?? T.sinAsignar);

  heading(T.polizas);
  if (!data.polizas.length) doc.font('Helvetica').text(T.sinPolizas);
  for (const p of data.polizas) {
    const P = T.poliza;
    field(P.numero, `${p.polizas}${p.vencida ? ` (${P.vencida})` : ''}`);
    field(P.fuente, p.fuente);
    field(P.producto, p.nombre_producto);
    field(P.vigencia, `${dateOnly(p.fechaIni)} – ${dateOnly(p.fechaFin)}`);
    doc.moveDown(0.3);
  }

  heading(T.historial);
  if (!data.historial.length) doc.font('Helvetica').text(T.sinHistorial);
  for (const h of data.historial) {
    doc.font('Helvetica-Bold').fillColor(MUTED).fontSize(9).text(bogota(h.fechahora), { continued: !!h.creador });
    if (h.creador) doc.font('Helvetica').text(`  ·  ${h.creador}`);
    const extra = [h.estado, h.archivo].filter(Boolean).join(' · ');
    doc
      .font('Helvetica')
      .fillColor(INK)
      .fontSize(10)
      .text(h.descripcion + (extra ? ` (${extra})` : ''), { width });
    doc.moveDown(0.35);
  }

  heading(T.archivos);
  if (!data.archivos.length) doc.font('Helvetica').text(T.sinArchivos);
  for (const f of data.archivos) {
    doc
      .font('Helvetica')
      .fillColor(INK)
      .fontSize(10)
      .text(`${T.carpetas[f.carpeta]}: `, { continued: true })
      .font('Helvetica-Bold')
      .text(f.nombre, { continued: true })
      .font('Helvetica')
      .fillColor(MUTED)
      .text(`  (${sizeText(f.size)}, ${bogota(f.fecha)})`);
  }

  // Page numbers, once every page exists.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(fmt(T.pagina, { n: i + 1, total: range.count }), MARGIN, doc.page.height - MARGIN + 15, {
        width,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return doc;
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
