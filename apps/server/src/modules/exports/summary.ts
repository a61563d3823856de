import { CASE_FILE_TEXTS as T, MSG, bogotaDay, fmt, recordText } from '@vialex/domain';
import { PDF_INK, PDF_MUTED, pdfDocument, sizeText } from '../../platform/pdf.js';
import type { CaseFileData, ExportFile } from './contents.js';

/*
 * The case summary an export sends, and that the workspace's 'Expediente del caso' downloads:
 * a JSON document for machines and a PDF for people (case data, team, policies, the full history
 * with dates, the list of files), written with the server's PDF layout (platform/pdf.ts).
 */

const dateOnly = (iso: string | null) => (iso ? bogotaDay(new Date(iso)) : '—');

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

/** The case file as a PDF stream (expediente-caso-<n>.pdf); read it (or pipe it) to get its bytes. */
export function summaryPdf(data: CaseFileData, now: Date): PDFKit.PDFDocument {
  const { caso: c, ...n } = data.row;
  const { doc, width, heading, field, end } = pdfDocument(
    fmt(MSG.expedienteTitulo, { caso: c.caso }),
    fmt(T.generado, { fecha: recordText(now) }),
    now,
  );
  const who = (nombre: string | null, id: number | null, tel: string | null) =>
    nombre ? [nombre, id ? String(id) : '', tel ?? ''].filter(Boolean).join(' · ') : null;

  heading(T.datosCaso);
  const F = T.campos;
  field(F.caso, c.caso);
  field(F.estado, c.estado);
  field(F.creado, recordText(c.creado));
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
    doc
      .font('Helvetica-Bold')
      .fillColor(PDF_MUTED)
      .fontSize(9)
      .text(recordText(h.fechahora), { continued: !!h.creador });
    if (h.creador) doc.font('Helvetica').text(`  ·  ${h.creador}`);
    const extra = [h.estado, h.archivo].filter(Boolean).join(' · ');
    doc
      .font('Helvetica')
      .fillColor(PDF_INK)
      .fontSize(10)
      .text(h.descripcion + (extra ? ` (${extra})` : ''), { width });
    doc.moveDown(0.35);
  }

  heading(T.archivos);
  if (!data.archivos.length) doc.font('Helvetica').text(T.sinArchivos);
  for (const f of data.archivos) {
    doc
      .font('Helvetica')
      .fillColor(PDF_INK)
      .fontSize(10)
      .text(`${T.carpetas[f.carpeta]}: `, { continued: true })
      .font('Helvetica-Bold')
      .text(f.nombre, { continued: true })
      .font('Helvetica')
      .fillColor(PDF_MUTED)
      .text(`  (${sizeText(f.size)}, ${recordText(f.fecha)})`);
  }

  return end(T.pagina);
}
