import { z } from 'zod';

/** The read-only catalogues the staff forms share (GET /api/lookups/…). */
export const tipoIdentificacionResponse = z.object({ id: z.string(), tipo: z.string() });
export type TipoIdentificacion = z.infer<typeof tipoIdentificacionResponse>;

export const cargoLookupResponse = z.object({ cargo: z.string() });
export type CargoLookup = z.infer<typeof cargoLookupResponse>;

export const areaResponse = z.object({ id: z.string(), nombre: z.string(), value: z.string() });
export type Area = z.infer<typeof areaResponse>;

export const departamentoResponse = z.object({ id: z.string(), departamento: z.string() });
export type Departamento = z.infer<typeof departamentoResponse>;

/** A DANE municipality with its department and reference coordinates. */
export const ciudadResponse = z.object({
  id: z.string(),
  ciudad: z.string(),
  departamento: z.string(),
  departamentoId: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type Ciudad = z.infer<typeof ciudadResponse>;

export const tipoCasoResponse = z.object({ id: z.number(), tipo: z.string() });
export type TipoCaso = z.infer<typeof tipoCasoResponse>;

export const empresaResponse = z.object({ id: z.string(), empresa: z.string(), nit: z.string() });
export type Empresa = z.infer<typeof empresaResponse>;

/** Each catalogue's path under /api/lookups and the schema of one of its entries. */
export const LOOKUPS = {
  tiposidentificacion: tipoIdentificacionResponse,
  cargos: cargoLookupResponse,
  areas: areaResponse,
  departamentos: departamentoResponse,
  ciudades: ciudadResponse,
  tiposcaso: tipoCasoResponse,
  empresas: empresaResponse,
} as const;
export type LookupName = keyof typeof LOOKUPS;
export type LookupEntry<N extends LookupName> = z.infer<(typeof LOOKUPS)[N]>;
