import { describe, expect, it } from 'vitest';
import {
  AGENT_SLOTS,
  CARGOS,
  ESTADOS_CIERRE,
  closedCaseLock,
  mayChangeStatus,
  type CaseState,
  type Cargo,
  type Decision,
} from '../index.js';

const ME = 'me';
const slots = Object.fromEntries(AGENT_SLOTS.map((s) => [s, null])) as Record<(typeof AGENT_SLOTS)[number], null>;
const open: CaseState = {
  archivado: false,
  estado: 'Verificado',
  tipo_plan: 'SIN PLAN',
  solicitud_atencion: false,
  aprobar_atencion: false,
  ...slots,
};
/** The viewer holds every slot: the cargos that manage only their own case may manage this one. */
const held: CaseState = { ...open, ...Object.fromEntries(AGENT_SLOTS.map((s) => [s, ME])) };
const answer = (d: Decision) => (d.allowed ? 'ok' : `${d.status} ${d.code} ${d.message}`);
const viewer = (cargo: Cargo) => ({ id: ME, cargo });

const FORBIDDEN = '403 FORBIDDEN Usuario no autorizado';
const ARCHIVED = '400 VALIDATION El caso está archivado';
const closed = (estado: string) =>
  `403 CASE_CLOSED El caso ha sido ${estado}, para realizar gestiones comuníquese con nuestro Administrador.`;

/**
 * Spec 2 §2 (the Gestionar tab is hidden for Perito and Coordinador Perito), §6 (Manage: Abogado
 * CAIT and Call Center only on their own case; closed cases: Administrador only), row by row:
 * an open case nobody holds, an open case the viewer holds, a closed case the viewer holds.
 */
const TABLE: Record<Cargo, { open: string; held: string; closed: 'ok' | 'locked' | 'forbidden' }> = {
  Administrador: { open: 'ok', held: 'ok', closed: 'ok' },
  'Coordinador Contact Center': { open: 'ok', held: 'ok', closed: 'locked' },
  'Coordinador Investigador': { open: 'ok', held: 'ok', closed: 'locked' },
  'Coordinador Abogado': { open: 'ok', held: 'ok', closed: 'locked' },
  'Coordinador Abogado CAIT': { open: 'ok', held: 'ok', closed: 'locked' },
  'Coordinador Perito': { open: FORBIDDEN, held: FORBIDDEN, closed: 'forbidden' },
  'Call Center': { open: FORBIDDEN, held: 'ok', closed: 'locked' },
  Investigador: { open: 'ok', held: 'ok', closed: 'locked' },
  Abogado: { open: 'ok', held: 'ok', closed: 'locked' },
  'Abogado CAIT': { open: FORBIDDEN, held: 'ok', closed: 'locked' },
  Perito: { open: FORBIDDEN, held: FORBIDDEN, closed: 'forbidden' },
  Dibujante: { open: 'ok', held: 'ok', closed: 'locked' },
};

describe('who may change a case status (spec 2 §4–§6), cargo by cargo', () => {
  it('covers every cargo', () => expect(Object.keys(TABLE).sort()).toEqual([...CARGOS].sort()));

  for (const cargo of CARGOS) {
    const row = TABLE[cargo];
    it(`${cargo}: open case ${row.open}, own case ${row.held}, closed case ${row.closed}`, () => {
      expect(answer(mayChangeStatus(viewer(cargo), open))).toBe(row.open);
      expect(answer(mayChangeStatus(viewer(cargo), held))).toBe(row.held);
      for (const estado of ESTADOS_CIERRE) {
        const expected = row.closed === 'ok' ? 'ok' : row.closed === 'locked' ? closed(estado) : FORBIDDEN;
        expect(answer(mayChangeStatus(viewer(cargo), { ...held, estado })), estado).toBe(expected);
      }
      // The cargo part alone, before the case is read.
      expect(answer(mayChangeStatus(viewer(cargo)))).toBe(
        row.open === FORBIDDEN && row.held === FORBIDDEN ? FORBIDDEN : 'ok',
      );
    });
  }

  it('an archived case is changed by nobody, not even the Administrador', () => {
    for (const cargo of CARGOS) {
      const expected = TABLE[cargo].held === 'ok' ? ARCHIVED : FORBIDDEN;
      expect(answer(mayChangeStatus(viewer(cargo), { ...held, archivado: true })), cargo).toBe(expected);
    }
  });

  it('statuses that are not closing ones are not locked (Recibido, catalogue statuses, an empty one)', () => {
    for (const estado of ['Recibido', 'En atención', 'HOSPITAL', 'Un estado nuevo', '']) {
      expect(answer(closedCaseLock(viewer('Abogado'), estado)), estado).toBe('ok');
    }
  });
});
