import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { clientes, cuentas } from '../db/schema/index.js';
import { getSetting, setSetting } from '../db/settings.js';
import { hashPassword } from '../platform/passwords.js';
import { createStaffUser } from '../modules/users/service.js';
import type { Cargo } from '@vialex/domain';
import { REQUIRED_CARGOS_SETTING } from '../modules/auth/required-cargos.js';

export const DEMO_PASSWORD = 'Vialex2026*';

/** One staff user per cargo, in the order of the README's table. */
export const DEMO_USERS: { email: string; cargo: Cargo; nombres: string; apellidos: string; area: string }[] = [
  {
    email: 'administrador@vialex.test',
    cargo: 'Administrador',
    nombres: 'Andrea',
    apellidos: 'Rojas Mejía',
    area: 'ADMINISTRACIÓN',
  },
  {
    email: 'callcenter@vialex.test',
    cargo: 'Call Center',
    nombres: 'Camilo',
    apellidos: 'Suárez Díaz',
    area: 'CONTACT CENTER',
  },
  {
    email: 'coord.contactcenter@vialex.test',
    cargo: 'Coordinador Contact Center',
    nombres: 'Paola',
    apellidos: 'Gómez Ríos',
    area: 'CONTACT CENTER',
  },
  {
    email: 'investigador@vialex.test',
    cargo: 'Investigador',
    nombres: 'Julián',
    apellidos: 'Martínez Peña',
    area: 'INVESTIGACIÓN',
  },
  {
    email: 'coord.investigador@vialex.test',
    cargo: 'Coordinador Investigador',
    nombres: 'Sandra',
    apellidos: 'López Vargas',
    area: 'INVESTIGACIÓN',
  },
  { email: 'abogado@vialex.test', cargo: 'Abogado', nombres: 'Felipe', apellidos: 'Castro Niño', area: 'JURÍDICA' },
  {
    email: 'coord.abogado@vialex.test',
    cargo: 'Coordinador Abogado',
    nombres: 'Lucía',
    apellidos: 'Herrera Prieto',
    area: 'JURÍDICA',
  },
  {
    email: 'abogado.cait@vialex.test',
    cargo: 'Abogado CAIT',
    nombres: 'Mateo',
    apellidos: 'Rincón Salazar',
    area: 'JURÍDICA CAIT',
  },
  {
    email: 'coord.abogado.cait@vialex.test',
    cargo: 'Coordinador Abogado CAIT',
    nombres: 'Diana',
    apellidos: 'Forero Cano',
    area: 'JURÍDICA CAIT',
  },
  { email: 'perito@vialex.test', cargo: 'Perito', nombres: 'Óscar', apellidos: 'Moreno Páez', area: 'PERITAJE' },
  {
    email: 'coord.perito@vialex.test',
    cargo: 'Coordinador Perito',
    nombres: 'Natalia',
    apellidos: 'Cárdenas Ortiz',
    area: 'PERITAJE',
  },
  {
    email: 'dibujante@vialex.test',
    cargo: 'Dibujante',
    nombres: 'Tomás',
    apellidos: 'Acosta Luna',
    area: 'DIBUJO TÉCNICO',
  },
];

const DEMO_CLIENTS = [
  {
    nombres: 'Carlos',
    apellidos: 'Ramírez Torres',
    identificacion: 79845123,
    telefono: '3104567890',
    ciudad: '11001',
    direccion: 'Calle 72 # 10-34',
  },
  {
    nombres: 'María',
    apellidos: 'Fernández Gil',
    identificacion: 52367418,
    telefono: '3157894561',
    ciudad: '11001',
    direccion: 'Carrera 15 # 93-60',
  },
  {
    nombres: 'Jorge',
    apellidos: 'Pineda Rueda',
    identificacion: 1020456789,
    telefono: '3001234567',
    ciudad: '25754',
    direccion: 'Calle 13 # 7-21',
  },
  {
    nombres: 'Laura',
    apellidos: 'Ospina Vélez',
    identificacion: 1032478965,
    telefono: '3209876543',
    ciudad: '25175',
    direccion: 'Avenida Pradilla # 5-40',
  },
  {
    nombres: 'Andrés',
    apellidos: 'Quintero Mora',
    identificacion: 80123456,
    telefono: '3112223344',
    ciudad: '05001',
    direccion: 'Carrera 43A # 1-50',
  },
];

/** Demo accounts and clients, once per database (DEMO=1). */
export async function seedDemoData(db: Db): Promise<void> {
  if (await getSetting<boolean>(db, 'demo_seeded')) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const [i, u] of DEMO_USERS.entries()) {
      const [exists] = await tx.select({ id: cuentas.id }).from(cuentas).where(eq(cuentas.email, u.email));
      if (exists) continue;
      await createStaffUser(tx, {
        ...u,
        identificacion: 1000000001 + i,
        telefono: String(3000000001 + i),
        ciudades: ['11001', '25754', '25175'],
        passwordHash,
      });
    }
    await tx
      .insert(clientes)
      .values(
        DEMO_CLIENTS.map((c) => ({
          ...c,
          nombres: c.nombres.toUpperCase(),
          apellidos: c.apellidos.toUpperCase(),
          direccion: c.direccion.toUpperCase(),
          tipoidentificacion: 'CC',
        })),
      )
      .onConflictDoNothing();
    // The demo signs in with a password alone (the README's two commands); its Administrador may
    // require a second factor per cargo like any other.
    await setSetting(tx, REQUIRED_CARGOS_SETTING, []);
    await setSetting(tx, 'demo_seeded', true);
  });
}
