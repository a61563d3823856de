import { describe, expect, it } from 'vitest';
import {
  AGENT_SLOTS,
  CREATOR_SLOT,
  REQUEST_MARKS,
  ASSIGNABLE_TYPES,
  CARGOS,
  MANAGE_CASE,
  REQUESTABLE_TYPES,
  caseActions,
  caseActionsKey,
  mayArchive,
  mayAssign,
  mayAuthorizeAttention,
  mayEditCase,
  mayRelease,
  mayRequest,
  mayRequestAttention,
  mayTake,
  type CaseActions,
  type CaseState,
  type Cargo,
  type Decision,
} from '../index.js';

const ME = 'me';
const OTHER = 'other';
const viewer = (cargo: Cargo) => ({ id: ME, cargo });
const slots = Object.fromEntries(AGENT_SLOTS.map((s) => [s, null])) as Record<(typeof AGENT_SLOTS)[number], null>;
const fresh: CaseState = {
  archivado: false,
  estado: 'Verificado',
  tipo_plan: 'SIN PLAN',
  solicitud_atencion: false,
  aprobar_atencion: false,
  ...slots,
};
const state = (overrides: Partial<CaseState>): CaseState => ({ ...fresh, ...overrides });
/** A decision as one comparable value: 'ok' or 'status code message'. */
const answer = (d: Decision) => (d.allowed ? 'ok' : `${d.status} ${d.code} ${d.message}`);

const FORBIDDEN = '403 FORBIDDEN Usuario no autorizado';
const ARCHIVED = '400 VALIDATION El caso está archivado';

describe('case actions of a fresh case (not archived, Verificado, SIN PLAN, nobody assigned), cargo by cargo', () => {
  /** Spec 2 §6 "Row actions", as each cargo's list answers them. */
  const EXPECTED: Record<Cargo, CaseActions> = {
    Administrador: {
      assign: ['Abogado', 'Abogado CAIT', 'Call Center', 'Investigador', 'Perito', 'Dibujante'],
      request: ['Abogado', 'Abogado CAIT', 'Investigador', 'Perito', 'Dibujante'],
      take: 'none',
      authorizeAttention: false,
      requestAttention: true,
      manage: true,
      export: true,
      edit: true,
      archive: true,
      restore: false,
    },
    'Call Center': {
      assign: [],
      request: ['Abogado', 'Abogado CAIT', 'Investigador', 'Dibujante'],
      take: 'none',
      authorizeAttention: false,
      requestAttention: true,
      manage: false,
      export: true,
      edit: true,
      archive: true,
      restore: false,
    },
    'Coordinador Contact Center': {
      assign: ['Call Center'],
      request: ['Abogado', 'Abogado CAIT', 'Investigador', 'Dibujante'],
      take: 'none',
      authorizeAttention: false,
      requestAttention: true,
      manage: true,
      export: true,
      edit: true,
      archive: true,
      restore: false,
    },
    Investigador: {
      assign: [],
      request: ['Perito', 'Dibujante'],
      take: 'take',
      authorizeAttention: false,
      requestAttention: false,
      manage: true,
      export: false,
      edit: false,
      archive: true,
      restore: false,
    },
    'Coordinador Investigador': {
      assign: ['Investigador', 'Dibujante'],
      request: ['Perito', 'Dibujante'],
      take: 'none',
      authorizeAttention: false,
      requestAttention: false,
      manage: true,
      export: false,
      edit: false,
      archive: true,
      restore: false,
    },
    Abogado: {
      assign: [],
      request: [],
      take: 'take',
      authorizeAttention: false,
      requestAttention: false,
      manage: true,
      export: false,
      edit: false,
      archive: true,
      restore: false,
    },
    'Coordinador Abogado': {
      assign: ['Abogado'],
      request: [],
      take: 'none',
      authorizeAttention: false,
      requestAttention: false,
      manage: true,
      export: false,
      edit: false,
      archive: true,
      restore: false,
    },
    'Abogado CAIT': {
      assign: [],
      request: [],
      take: 'none',
      authorizeAttention: false,
      requestAttention: false,
      manage: false,
      export: false,
      edit: false,
      archive: true,
      restore: false,
    },
    'Coordinador Abogado CAIT': {
      assign: ['Abogado CAIT'],
      request: [],
      take: 'none',
      authorizeAttention: false,
      requestAttention: false,
      manage: true,
      export: false,
      edit: false,
      archive: true,
      restore: false,
    },
    Perito: {
      assign: [],
      request: [],
      take: 'none',
      authorizeAttention: false,
      requestAttention: false,
      manage: false,
      export: false,
      edit: false,
      archive: true,
      restore: false,
    },
    'Coordinador Perito': {
      assign: ['Perito'],
      request: [],
      take: 'none',
      authorizeAttention: false,
      requestAttention: false,
      manage: true,
      export: false,
      edit: false,
      archive: true,
      restore: false,
    },
    Dibujante: {
      assign: [],
      request: [],
      take: 'take',
      authorizeAttention: false,
      requestAttention: false,
      manage: true,
      export: false,
      edit: false,
      archive: true,
      restore: false,
    },
  };
  it.each(CARGOS)('%s', (cargo) => expect(caseActions(viewer(cargo), fresh)).toEqual(EXPECTED[cargo]));
});

describe('an archived case: nothing is dispatched or edited; it can be restored', () => {
  const archived = state({ archivado: true, solicitud_atencion: true });
  it.each(CARGOS)('%s', (cargo) => {
    const actions = caseActions(viewer(cargo), archived);
    expect(actions).toMatchObject({
      assign: [],
      request: [],
      take: 'none',
      authorizeAttention: false,
      requestAttention: false,
      edit: false,
      archive: false,
      restore: true,
    });
    const v = viewer(cargo);
    const rules: [string, Decision][] = [
      ['edit', mayEditCase(v, archived)],
      ...(ASSIGNABLE_TYPES[cargo] ?? []).map((t) => [`assign ${t}`, mayAssign(v, t, archived)] as [string, Decision]),
      ...(REQUESTABLE_TYPES[cargo] ?? []).map(
        (t) => [`request ${t}`, mayRequest(v, t, archived)] as [string, Decision],
      ),
      ['take', mayTake(v, archived)],
      ['release', mayRelease(v, archived)],
      ['request attention', mayRequestAttention(v, archived)],
      ['authorize attention', mayAuthorizeAttention(v, archived)],
    ];
    for (const [rule, d] of rules) expect(answer(d), rule).toBeOneOf([FORBIDDEN, ARCHIVED]);
  });
});

describe('special attention: one rule for the button and the server', () => {
  /** Each row: the case's state, then what the Administrador's request and authorisation answer. */
  it.each([
    [
      'SIN PLAN, not asked',
      'SIN PLAN',
      false,
      false,
      'ok',
      '400 VALIDATION La asistencia especial no ha sido solicitada',
    ],
    ['SIN PLAN, asked, not approved', 'SIN PLAN', true, false, '400 VALIDATION Error al solicitar aprobación', 'ok'],
    [
      'SIN PLAN, approved',
      'SIN PLAN',
      true,
      true,
      '400 VALIDATION Error al solicitar aprobación',
      '409 ALREADY_AUTHORIZED La asistencia especial ya fue autorizada',
    ],
    [
      'insured, not asked',
      'SEGURO TERCERO',
      false,
      false,
      '400 VALIDATION Error al solicitar aprobación',
      '400 VALIDATION La asistencia especial no ha sido solicitada',
    ],
  ] as const)('%s', (_, tipo_plan, solicitud_atencion, aprobar_atencion, request, authorize) => {
    const c = state({ tipo_plan, solicitud_atencion, aprobar_atencion });
    const admin = viewer('Administrador');
    expect(answer(mayRequestAttention(admin, c))).toBe(request);
    expect(answer(mayAuthorizeAttention(admin, c))).toBe(authorize);
    // The buttons are exactly the accepted requests.
    expect(caseActions(admin, c).requestAttention).toBe(request === 'ok');
    expect(caseActions(admin, c).authorizeAttention).toBe(authorize === 'ok');
  });
  it.each(CARGOS)('%s: the cargo part', (cargo) => {
    const asked = state({ solicitud_atencion: true });
    const canRequest = ['Administrador', 'Call Center', 'Coordinador Contact Center'].includes(cargo);
    const canAuthorize = ['Administrador', 'Coordinador Contact Center'].includes(cargo);
    expect(answer(mayRequestAttention(viewer(cargo), fresh))).toBe(canRequest ? 'ok' : FORBIDDEN);
    expect(answer(mayAuthorizeAttention(viewer(cargo), asked))).toBe(canAuthorize ? 'ok' : FORBIDDEN);
  });
});

describe('requests', () => {
  it.each([
    ['Perito on SIN PLAN: refused, still offered', 'Perito', 'SIN PLAN', false, '422 PLAN_DENIED', true],
    ['Perito on SEGURO TERCERO', 'Perito', 'SEGURO TERCERO', false, 'ok', true],
    ['Perito on RC PUBLICO', 'Perito', 'RC PUBLICO', false, 'ok', true],
    ['Perito already requested', 'Perito', 'SEGURO TERCERO', true, '409 ALREADY_REQUESTED', false],
    ['Perito already requested, plan since changed', 'Perito', 'SIN PLAN', true, '409 ALREADY_REQUESTED', false],
    ['Dibujante on SIN PLAN', 'Dibujante', 'SIN PLAN', false, 'ok', true],
    ['Dibujante already requested', 'Dibujante', 'SIN PLAN', true, '409 ALREADY_REQUESTED', false],
    ['Investigador already requested', 'Investigador', 'SIN PLAN', true, '409 ALREADY_REQUESTED', false],
    ['Abogado already requested', 'Abogado', 'SIN PLAN', true, '409 ALREADY_REQUESTED', false],
    ['Abogado CAIT already requested', 'Abogado CAIT', 'SIN PLAN', true, '409 ALREADY_REQUESTED', false],
  ] as const)('%s', (_, tipo, tipo_plan, requested, expected, offered) => {
    // The case's own flag says it was asked: the rule reads it, the actions follow the rule.
    const c = state({ tipo_plan, [REQUEST_MARKS[tipo]!.flag]: requested });
    const d = mayRequest(viewer('Administrador'), tipo, c);
    expect(d.allowed ? 'ok' : `${d.status} ${d.code}`).toBe(expected);
    expect(caseActions(viewer('Administrador'), c).request.includes(tipo)).toBe(offered);
  });
  it('a request of one type leaves the others offered', () => {
    const c = state({ solicitud_abogado: true });
    expect(caseActions(viewer('Call Center'), c).request).toEqual(['Abogado CAIT', 'Investigador', 'Dibujante']);
  });
  it('the repeated-request message names the type', () => {
    const d = mayRequest(viewer('Call Center'), 'Abogado CAIT', fresh, { alreadyRequested: true });
    expect(answer(d)).toBe('409 ALREADY_REQUESTED Ya se solicitó Abogado CAIT para este caso');
  });
  it.each(CARGOS.flatMap((cargo) => CARGOS.map((tipo) => [cargo, tipo] as const)))('%s asks for %s', (cargo, tipo) => {
    const allowed = (REQUESTABLE_TYPES[cargo] ?? []).includes(tipo);
    expect(answer(mayRequest(viewer(cargo), tipo))).toBe(allowed ? 'ok' : FORBIDDEN);
  });
});

describe('assign', () => {
  it.each(CARGOS.flatMap((cargo) => CARGOS.map((tipo) => [cargo, tipo] as const)))('%s assigns %s', (cargo, tipo) => {
    const allowed = (ASSIGNABLE_TYPES[cargo] ?? []).includes(tipo);
    expect(answer(mayAssign(viewer(cargo), tipo, fresh))).toBe(allowed ? 'ok' : FORBIDDEN);
  });
  it('only an agent the dialog offers now', () => {
    const d = mayAssign(viewer('Administrador'), 'Investigador', fresh, { available: false });
    expect(d).toMatchObject({ status: 400, message: 'El usuario no está disponible para este caso', field: 'usuario' });
  });
});

describe('take and release (Investigador, Abogado, Dibujante)', () => {
  const SLOT = { Investigador: 'uidinvestigador', Abogado: 'uidabogado', Dibujante: 'uiddibujante' } as const;
  it.each([
    ['free slot', null, 'ok', '409 NOT_HOLDER El caso no está asignado a usted', 'take'],
    ['held by me', ME, '409 ALREADY_TAKEN El caso ya fue tomado por otro usuario', 'ok', 'release'],
    [
      'held by another',
      OTHER,
      '409 ALREADY_TAKEN El caso ya fue tomado por otro usuario',
      '409 NOT_HOLDER El caso no está asignado a usted',
      'none',
    ],
  ] as const)('%s', (_, holder, take, release, action) => {
    for (const cargo of ['Investigador', 'Abogado', 'Dibujante'] as const) {
      const c = state({ [SLOT[cargo]]: holder });
      expect(answer(mayTake(viewer(cargo), c)), cargo).toBe(take);
      expect(answer(mayRelease(viewer(cargo), c)), cargo).toBe(release);
      expect(caseActions(viewer(cargo), c).take, cargo).toBe(action);
    }
  });
  it.each(CARGOS.filter((c) => !['Investigador', 'Abogado', 'Dibujante'].includes(c)))('%s may not', (cargo) => {
    expect(answer(mayTake(viewer(cargo), fresh))).toBe(FORBIDDEN);
    expect(answer(mayRelease(viewer(cargo), fresh))).toBe(FORBIDDEN);
  });
});

describe('archive and restore', () => {
  it.each(CARGOS)('%s: not while Recibido; restore only on an archived case', (cargo) => {
    const recibido = state({ estado: 'Recibido' });
    expect(answer(mayArchive(viewer(cargo), recibido))).toBe(
      '400 VALIDATION Un caso en estado Recibido no se puede archivar',
    );
    expect(caseActions(viewer(cargo), recibido)).toMatchObject({ archive: false, restore: false });
    expect(answer(mayArchive(viewer(cargo), fresh))).toBe('ok');
    expect(caseActions(viewer(cargo), state({ archivado: true }))).toMatchObject({ archive: false, restore: true });
  });
});

describe('manage: the conditional cargos need their slot (spec 2 §6)', () => {
  it.each(CARGOS)('%s', (cargo) => {
    const rule = MANAGE_CASE[cargo];
    expect(caseActions(viewer(cargo), fresh).manage).toBe(rule === 'always');
    if (rule !== 'always') expect(caseActions(viewer(cargo), state({ [rule]: ME })).manage).toBe(true);
  });
});

describe('what a new case and a request mark, cargo by cargo', () => {
  it.each(CARGOS)('%s', (cargo) => {
    expect(CREATOR_SLOT[cargo]).toBe(cargo === 'Call Center' ? 'uidcontactcenter' : undefined);
    const marks = {
      Abogado: { flag: 'solicitud_abogado' },
      'Abogado CAIT': { flag: 'solicitud_abogado_cait' },
      Perito: { flag: 'solicitud_perito', room: { kind: 'perito', flag: 'chat_perito' } },
      Investigador: { flag: 'solicitud_investigador' },
      Dibujante: { flag: 'solicitud_dibujante', room: { kind: 'dibujante', flag: 'chat_dibujante' } },
    } as Partial<Record<Cargo, object>>;
    expect(REQUEST_MARKS[cargo]).toEqual(marks[cargo]);
  });
});

describe("a case's actions depend on their viewer only through caseActionsKey", () => {
  // Every slot held by one of three people or nobody, every flag either way: viewers whose key
  // is the same get the same actions (the case list keeps them by that key).
  const people = ['a', 'b', 'c', 'd', 'e'];
  let seed = 7;
  const pick = <T>(xs: readonly T[]): T => xs[(seed = (seed * 48271) % 2147483647) % xs.length];
  const cases = Array.from({ length: 400 }, () =>
    state({
      archivado: pick([false, false, true]),
      estado: pick(['Verificado', 'CERRADO', 'En proceso']),
      tipo_plan: pick(['SIN PLAN', 'SEGURO TERCERO', 'RC PUBLICO']),
      solicitud_atencion: pick([false, true]),
      aprobar_atencion: pick([false, true]),
      ...Object.fromEntries(AGENT_SLOTS.map((s) => [s, pick([null, 'a', 'b', 'c'])])),
      ...Object.fromEntries(Object.values(REQUEST_MARKS).map((m) => [m!.flag, pick([false, true])])),
    }),
  );
  it.each(CARGOS)('%s', (cargo) => {
    let compared = 0;
    for (const c of cases) {
      const byKey = new Map<string, CaseActions>();
      for (const id of people) {
        const key = caseActionsKey({ id, cargo }, c);
        const actions = caseActions({ id, cargo }, c);
        if (byKey.has(key)) {
          expect(actions).toEqual(byKey.get(key));
          compared++;
        } else byKey.set(key, actions);
      }
    }
    expect(compared).toBeGreaterThan(400);
  });
});
