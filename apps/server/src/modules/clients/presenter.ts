import type { ClientResponse } from '@vialex/domain';
import type { ClientRow } from './queries.js';

export function presentClient(row: ClientRow): ClientResponse {
  return {
    id: row.id,
    nombres: row.nombres,
    apellidos: row.apellidos,
    tipoidentificacion: row.tipoidentificacion,
    identificacion: row.identificacion,
    telefono: row.telefono,
    ciudad: row.ciudad,
    ciudadNombre: row.ciudadNombre,
    departamento: row.departamento,
    direccion: row.direccion,
    estado: row.estado,
    creado: row.creado.toISOString(),
    anonimizado: row.anonimizado?.toISOString() ?? null,
  };
}
