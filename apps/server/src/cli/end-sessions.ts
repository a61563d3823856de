import { eq } from 'drizzle-orm';
import { AUDIT_CLI, MSG, topics } from '@vialex/domain';
import type { Database } from '../db/client.js';
import { usuarios } from '../db/schema/index.js';
import { recordAudit } from '../modules/audit/record.js';
import { signOutUser } from '../modules/auth/session.js';
import { userTarget } from '../modules/users/service.js';
import { LiveHub } from '../platform/live-hub.js';

/**
 * `npm run admin -- end-sessions --email …`: ends every session of a user as DESLOGUEAR does, so
 * a sole Administrador whose browser crashed is not stuck behind the one-session rule. On
 * PostgreSQL the running servers hear it live (NOTIFY) and send the user's open tabs to /login;
 * the embedded database is opened by one process at a time, so there the server is stopped first
 * (admin.ts refuses while one holds it open).
 * Returns the user, or undefined when no user has that e-mail.
 */
export async function endSessionsByEmail(database: Database, email: string) {
  const hub = new LiveHub(database);
  return database.db.transaction(async (tx) => {
    const [user] = await tx.select().from(usuarios).where(eq(usuarios.email, email.trim().toLowerCase())).for('update');
    if (!user) return undefined;
    await signOutUser(tx, hub, user, { descripcion: MSG.trazaSesionConsola, creador: null });
    await recordAudit(tx, {
      actor: AUDIT_CLI,
      accion: 'usuario.sesion_terminada',
      objeto: userTarget(user),
      antes: { login: user.login },
      despues: { login: false },
    });
    await hub.publish(tx, topics.user(user.id), { name: 'user.updated', id: user.id });
    await hub.publish(tx, topics.list('usuarios'), { name: 'list.changed', list: 'usuarios', id: user.id });
    return user;
  });
}
