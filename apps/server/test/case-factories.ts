import { placesSettled } from '../src/modules/cases/place.js';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Cargo } from '@vialex/domain';
import type { AppContext } from '../src/platform/context.js';
import { casos, clientes, empresas } from '../src/db/schema/index.js';

let n = 0;
/** A registered client (the case form needs one by identification). */
export async function createClient(ctx: AppContext, identificacion = 90_000_000 + ++n) {
  const [row] = await ctx.db
    .insert(clientes)
    .values({
      nombres: 'CLIENTE',
      apellidos: `PRUEBA ${identificacion}`,
      tipoidentificacion: 'CC',
      identificacion,
      telefono: '3001112233',
      ciudad: '11001',
      direccion: 'CALLE 1',
    })
    .returning();
  return row;
}

export async function anyEmpresa(ctx: AppContext) {
  const [row] = await ctx.db.select().from(empresas).where(eq(empresas.estado, true)).limit(1);
  return row;
}

/** A valid case form for a registered client; Bogotá by default. */
export async function caseBody(ctx: AppContext, overrides: Record<string, unknown> = {}) {
  const client = await createClient(ctx);
  const empresa = await anyEmpresa(ctx);
  return {
    placa: `ABC${String(++n).padStart(3, '0')}`,
    relacion: 'Propietario',
    identificacion: String(client.identificacion),
    tipocaso: 'Choque Simple',
    uidempresa: empresa.id,
    departamento: '11',
    uidciudad: '11001',
    direccion_siniestro: 'calle 100 # 15-20',
    verificacion: 'Consulta en línea',
    tipo_producto: 'Tercero esencial',
    ...overrides,
  };
}

export async function createCaseAs(app: FastifyInstance, cookie: string, body: object) {
  const res = await app.inject({ method: 'POST', url: '/api/casos', headers: { cookie }, payload: body });
  if (res.statusCode !== 201) throw new Error(`case creation failed: ${res.statusCode} ${res.body}`);
  // The address is geocoded after the creation's commit: a test sees the case as placed.
  await placesSettled();
  return res.json();
}

type CaseColumns = Partial<typeof casos.$inferInsert>;
type Viewers = Map<Cargo, { id: string; cookie: string }>;

/** The case's column each agent cargo is assigned through. */
const SLOT: Partial<Record<Cargo, keyof typeof casos.$inferInsert>> = {
  Abogado: 'uidabogado',
  'Abogado CAIT': 'uidabogadocait',
  Investigador: 'uidinvestigador',
  'Call Center': 'uidcontactcenter',
  Perito: 'uidperito',
  Dibujante: 'uiddibujante',
};

/** Every cargo that holds a slot of a case. */
export const EVERY_AGENT = Object.keys(SLOT) as Cargo[];

/** Both experts asked for and their rooms open: every cargo has a room it may post in. */
export const EVERY_ROOM_OPEN: CaseColumns = {
  solicitud_perito: true,
  solicitud_dibujante: true,
  chat_perito: true,
  chat_dibujante: true,
};

/**
 * A test's scene: a case the Administrador creates through the API, then set Verificado in the
 * database with `holders` (cargos of `signInEveryCargo`'s viewers) in their slots, plus `values`.
 */
export async function staffedCase(
  server: { app: FastifyInstance; ctx: AppContext },
  viewers: Viewers,
  holders: Cargo[],
  values: CaseColumns = {},
): Promise<{ id: string; caso: number }> {
  const c = await createCaseAs(server.app, viewers.get('Administrador')!.cookie, await caseBody(server.ctx));
  const slots = Object.fromEntries(holders.map((cargo) => [SLOT[cargo], viewers.get(cargo)!.id]));
  await server.ctx.db
    .update(casos)
    .set({ estado: 'Verificado', ...slots, ...values })
    .where(eq(casos.id, c.id));
  return c;
}
