import { z } from 'zod';
import type { ClientRow } from './queries.js';

export const clientResponse = z.object({
  id: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  tipoidentificacion: z.string(),
  identificacion: z.number(),
  telefono: z.string(),
  ciudad: z.string(),
  ciudadNombre: z.string(),
  departamento: z.string(),
  direccion: z.string(),
  estado: z.boolean(),
  creado: z.string(),
});

export function presentClient(row: ClientRow): z.infer<typeof clientResponse> {
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
  };
}
