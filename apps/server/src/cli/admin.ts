/**
 * Administration commands for any Vialex database (embedded or DATABASE_URL).
 *
 *   npm run admin -- create-user --email ana@empresa.co --nombres Ana --apellidos Ruiz \
 *       --identificacion 52123456 [--telefono 3001234567] [--cargo Administrador] [--area ADMINISTRACIÓN]
 *   npm run admin -- end-sessions --email ana@empresa.co
 *   npm run admin -- backup --to /copias/vialex-2026-11-26.tar.gz
 *   npm run admin -- restore --from /copias/vialex-2026-11-26.tar.gz
 *
 * The password is read from VIALEX_ADMIN_PASSWORD or asked for without echo; it is never printed.
 */
import { parseArgs } from 'node:util';
import readline from 'node:readline';
import { AUDIT_CLI, CARGOS, MSG, isCargo, strongPassword } from '@vialex/domain';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedReferenceData } from '../db/seed.js';
import { recordAudit } from '../modules/audit/record.js';
import { audited, createStaffUser, userTarget } from '../modules/users/service.js';
import { isGuessablePassword } from '../platform/password-strength.js';
import { endSessionsByEmail } from './end-sessions.js';
import { resetSecondFactorByEmail } from './reset-second-factor.js';
import { assertEmbeddedFree, backupCommand, restoreCommand } from './backup.js';

async function askHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new Error('Sin terminal: defina VIALEX_ADMIN_PASSWORD.');
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Mute the echo of what is typed after the question.
  const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
  let muted = false;
  out._writeToOutput = (s: string) => {
    if (!muted) out.output.write(s);
  };
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

/**
 * The settings of a command that writes to the database. The embedded database is refused while
 * a server holds it open: the command would write to a copy of its own, report success, and the
 * server would never see the change. Checked before anything is asked for.
 */
async function configForWriting(before: string) {
  const config = loadConfig();
  await assertEmbeddedFree(config, before);
  return config;
}

async function createUser(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      nombres: { type: 'string' },
      apellidos: { type: 'string' },
      identificacion: { type: 'string' },
      telefono: { type: 'string', default: '0' },
      cargo: { type: 'string', default: 'Administrador' },
      area: { type: 'string', default: 'ADMINISTRACIÓN' },
    },
  });
  const missing = ['email', 'nombres', 'apellidos', 'identificacion'].filter((k) => !values[k as keyof typeof values]);
  if (missing.length) throw new Error(`Faltan: ${missing.map((m) => `--${m}`).join(', ')}`);
  if (!isCargo(values.cargo)) throw new Error(`Cargo no válido. Use uno de: ${CARGOS.join(', ')}`);
  if (!/^\d+$/.test(values.identificacion!)) throw new Error('--identificacion debe ser un número entero');
  const config = await configForWriting('crear el usuario');

  let password = process.env.VIALEX_ADMIN_PASSWORD;
  if (!password) {
    password = await askHidden('Contraseña: ');
    const again = await askHidden('Confirmar Contraseña: ');
    if (again !== password) throw new Error('Las contraseñas no coinciden');
  }
  const check = strongPassword.safeParse(password);
  if (!check.success) throw new Error(check.error.issues.map((i) => i.message).join('; '));
  if (await isGuessablePassword(password, [values.email, values.nombres, values.apellidos, values.identificacion]))
    throw new Error(MSG.passComun);

  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await seedReferenceData(database.db);
    const user = await database.db.transaction(async (tx) => {
      const created = await createStaffUser(tx, {
        email: values.email!,
        nombres: values.nombres!,
        apellidos: values.apellidos!,
        identificacion: Number(values.identificacion),
        telefono: values.telefono!,
        cargo: values.cargo as (typeof CARGOS)[number],
        area: values.area!,
        password,
      });
      await recordAudit(tx, {
        actor: AUDIT_CLI,
        accion: 'usuario.creado',
        objeto: userTarget(created),
        despues: audited(created),
      });
      return created;
    });
    console.log(`Usuario creado: ${user.email} (${user.cargo}) en ${database.kind}.`);
  } finally {
    await database.close();
  }
}

async function endSessions(args: string[]) {
  const { values } = parseArgs({ args, options: { email: { type: 'string' } } });
  if (!values.email) throw new Error('Falta: --email');
  const config = await configForWriting('terminar las sesiones');
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const ended = await endSessionsByEmail(database, values.email);
    if (!ended) throw new Error(`No existe un usuario con el correo ${values.email}`);
    console.log(`Sesiones terminadas: ${ended.email} puede ingresar de nuevo.`);
  } finally {
    await database.close();
  }
}

async function resetSecondFactor(args: string[]) {
  const { values } = parseArgs({ args, options: { email: { type: 'string' } } });
  if (!values.email) throw new Error('Falta: --email');
  const config = await configForWriting('quitar la verificación en dos pasos');
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const done = await resetSecondFactorByEmail(database, values.email);
    if (!done) throw new Error(`No existe un usuario con el correo ${values.email}`);
    console.log(
      done.removed
        ? `Verificación en dos pasos quitada: ${done.user.email} ingresa con su contraseña.`
        : `${done.user.email} no tenía verificación en dos pasos.`,
    );
  } finally {
    await database.close();
  }
}

const USAGE = [
  'Uso: npm run admin -- create-user --email … --nombres … --apellidos … --identificacion … [--cargo Administrador]',
  '     npm run admin -- end-sessions --email …',
  '     npm run admin -- reset-second-factor --email …',
  '     npm run admin -- backup --to ARCHIVO.tar.gz',
  '     npm run admin -- restore --from ARCHIVO.tar.gz',
].join('\n');

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'create-user') await createUser(rest);
  else if (command === 'end-sessions') await endSessions(rest);
  else if (command === 'reset-second-factor') await resetSecondFactor(rest);
  else if (command === 'backup') await backupCommand(rest);
  else if (command === 'restore') await restoreCommand(rest);
  else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
