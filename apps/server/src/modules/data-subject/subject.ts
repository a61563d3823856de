import { asc, eq, or } from 'drizzle-orm';
import { isOpenCase } from '@vialex/domain';
import type { Tx } from '../../db/client.js';
import { casos, clientes } from '../../db/schema/index.js';

/*
 * A data subject: a client with every case they are linked to, as the vehicle's owner
 * (uidcliente) or its driver (uidconductor). A case "of" the client in the driver's sense (the one
 * the SMS, the link, the session and the chat are for) is the one whose driver they are, else
 * whose owner they are when it has no driver: the same rule as the client's session.
 */

export interface SubjectCase {
  id: string;
  caso: number;
  estado: string;
  archivado: boolean;
  modificacion: Date;
  uidcliente: string | null;
  uidconductor: string | null;
}

export interface Subject {
  client: typeof clientes.$inferSelect;
  cases: SubjectCase[];
}

const caseColumns = {
  id: casos.id,
  caso: casos.caso,
  estado: casos.estado,
  archivado: casos.archivado,
  modificacion: casos.modificacion,
  uidcliente: casos.uidcliente,
  uidconductor: casos.uidconductor,
};

export const casesOfClient = (clientId: string) => or(eq(casos.uidcliente, clientId), eq(casos.uidconductor, clientId));

/**
 * The client and their cases, locked until the transaction ends (the client first, then the
 * cases): a case reopened, restored or created for them meanwhile waits, and one that committed
 * first is seen. Undefined when there is no such client.
 */
export async function lockSubject(tx: Tx, clientId: string): Promise<Subject | undefined> {
  const [client] = await tx.select().from(clientes).where(eq(clientes.id, clientId)).for('update');
  if (!client) return undefined;
  const cases = await tx
    .select(caseColumns)
    .from(casos)
    .where(casesOfClient(clientId))
    .orderBy(asc(casos.caso))
    .for('update');
  return { client, cases };
}

/** Their cases still open: any case not in a closing status and not archived. */
export const openCases = (subject: Subject) => subject.cases.filter((c) => isOpenCase(c));

/** The cases they are the client of (the driver's sense): the SMS, links, sessions and chat are theirs. */
export const casesAsClient = (subject: Subject) =>
  subject.cases.filter((c) => (c.uidconductor ?? c.uidcliente) === subject.client.id);

/**
 * When the person's data was last needed: the last change of their record or of any of their
 * cases (a case is changed when it is closed or archived, and by anything done to it after).
 */
export function lastActivity(subject: Subject): Date {
  return new Date(
    Math.max(subject.client.modificacion.getTime(), ...subject.cases.map((c) => c.modificacion.getTime())),
  );
}

export const clientName = (client: { nombres: string; apellidos: string }) =>
  `${client.nombres} ${client.apellidos}`.trim();

/** Case numbers as the refusal lists them. */
export const caseNumbers = (cases: { caso: number }[]) => cases.map((c) => c.caso).join(', # ');
