import { ORIGEN_CRONOS, RELACION_CONDUCTOR, caseActions, type CaseResponse } from '@vialex/domain';
import type { Viewer } from '../../platform/viewer.js';
import { isDriver } from './case-form.js';
import type { CaseRow } from './queries.js';

export function presentCase(row: CaseRow, viewer: Pick<Viewer, 'id' | 'cargo'>): CaseResponse {
  const c = row.caso;
  const slot = (id: string | null, nombre: string | null, solicitado: boolean) => ({
    id,
    nombre,
    solicitado: !id && solicitado,
  });
  const driver = isDriver(c);
  return {
    id: c.id,
    caso: c.caso,
    estado: c.estado,
    creado: c.creado.toISOString(),
    archivado: c.archivado,
    origen: c.origen,
    origen_desde: c.origen_desde,
    origenColor:
      c.origen_desde === ORIGEN_CRONOS || c.origen === ORIGEN_CRONOS
        ? 'warning'
        : c.origen === 'Vialex'
          ? 'success'
          : 'warning',
    tipocaso: c.tipocaso,
    tipo_plan: c.tipo_plan,
    tipo_producto: c.tipo_producto,
    verificacion: c.verificacion,
    relacion: c.relacion,
    placa: c.placa,
    vehiculo: row.vehiculo,
    uidciudad: c.uidciudad,
    ciudad_siniestro: c.ciudad_siniestro || row.ciudadNombre || '',
    departamento: c.departamento,
    direccion_siniestro: c.direccion_siniestro,
    uidempresa: c.uidempresa,
    empresa: row.empresaNombre,
    // The client the query chose by the same relation (caseClient in queries.ts).
    cliente: {
      id: driver ? c.uidconductor : c.uidcliente,
      nombre: row.clienteNombre,
      telefono: row.clienteTelefono,
      identificacion: row.clienteIdentificacion,
      relacion: driver ? RELACION_CONDUCTOR : 'Propietario',
    },
    callcenter: slot(c.uidcontactcenter, row.contactcenterNombre, false),
    abogado: slot(c.uidabogado, row.abogadoNombre, c.solicitud_abogado),
    abogadocait: slot(c.uidabogadocait, row.abogadocaitNombre, c.solicitud_abogado_cait),
    investigador: slot(c.uidinvestigador, row.investigadorNombre, c.solicitud_investigador),
    perito: slot(c.uidperito, row.peritoNombre, c.solicitud_perito),
    dibujante: slot(c.uiddibujante, row.dibujanteNombre, c.solicitud_dibujante),
    solicitud_atencion: c.solicitud_atencion,
    aprobar_atencion: c.aprobar_atencion,
    atencionPendiente: c.solicitud_atencion && !c.aprobar_atencion,
    chat_perito: c.chat_perito,
    chat_dibujante: c.chat_dibujante,
    prioridad: c.prioridad,
    // What this viewer may do with this case: the case policy's rules (policies/case.ts).
    actions: caseActions(viewer, c),
  };
}
