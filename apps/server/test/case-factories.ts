import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/platform/context.js';
import { clientes, empresas } from '../src/db/schema/index.js';

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
  return res.json();
}
