import { describe, expect, it } from 'vitest';
import {
  AGENT_SLOTS,
  CARGOS,
  MSG,
  TIPOS_PLAN,
  maySendSms,
  sendSmsSchema,
  colombianMobile,
  formatPhone,
  type CaseState,
  type Cargo,
  type Decision,
} from '../index.js';

const slots = Object.fromEntries(AGENT_SLOTS.map((s) => [s, null])) as Record<(typeof AGENT_SLOTS)[number], null>;
const state = (overrides: Partial<CaseState>): CaseState => ({
  archivado: false,
  estado: 'Verificado',
  tipo_plan: 'SIN PLAN',
  solicitud_atencion: false,
  aprobar_atencion: false,
  ...slots,
  ...overrides,
});
const answer = (d: Decision) => (d.allowed ? 'ok' : `${d.status} ${d.code} ${d.message}`);
const viewer = (cargo: Cargo) => ({ id: 'me', cargo });

/** Spec 2 §6 "Policy area and SMS": phone fields and Send SMS. */
const DESK: Cargo[] = ['Administrador', 'Call Center', 'Coordinador Contact Center'];
const FORBIDDEN = '403 FORBIDDEN Usuario no autorizado';
const PLAN = `422 PLAN_DENIED ${MSG.planSinServicio}`;

describe('Send SMS, cargo by cargo and case state by case state (spec 2 §6)', () => {
  const rows: [string, Partial<CaseState>, string][] = [
    ['SEGURO TERCERO', { tipo_plan: 'SEGURO TERCERO' }, 'ok'],
    ['RC PUBLICO', { tipo_plan: 'RC PUBLICO' }, 'ok'],
    ['RC Publico (the spec spells it both ways)', { tipo_plan: 'RC Publico' }, 'ok'],
    ['SIN PLAN', { tipo_plan: 'SIN PLAN' }, PLAN],
    ['SIN PLAN, attention requested only', { tipo_plan: 'SIN PLAN', solicitud_atencion: true }, PLAN],
    ['SIN PLAN, attention approved', { tipo_plan: 'SIN PLAN', solicitud_atencion: true, aprobar_atencion: true }, 'ok'],
    [
      'archived SEGURO TERCERO',
      { tipo_plan: 'SEGURO TERCERO', archivado: true },
      '400 VALIDATION El caso está archivado',
    ],
  ];
  for (const cargo of CARGOS) {
    const desk = DESK.includes(cargo);
    it(`${cargo}: ${desk ? 'the desk sends by the plan' : 'never'}`, () => {
      expect(answer(maySendSms(viewer(cargo)))).toBe(desk ? 'ok' : FORBIDDEN);
      for (const [name, overrides, expected] of rows)
        expect(answer(maySendSms(viewer(cargo), state(overrides))), name).toBe(desk ? expected : FORBIDDEN);
    });
  }

  it('every plan value is covered', () => {
    for (const plan of TIPOS_PLAN) expect(rows.some(([, o]) => o.tipo_plan === plan)).toBe(true);
  });
});

describe('Colombian mobile numbers (libphonenumber-js), E.164', () => {
  it.each([
    ['3104567890', '+573104567890'],
    ['310 456 7890', '+573104567890'],
    ['310-456-7890', '+573104567890'],
    ['(310) 456.7890', '+573104567890'],
    ['+57 310 456 7890', '+573104567890'],
    ['+573157894561', '+573157894561'],
  ])('%s → %s', (typed, e164) => {
    expect(colombianMobile(typed)).toBe(e164);
    expect(sendSmsSchema.parse({ telefono: typed })).toEqual({ telefono: e164 });
  });

  it.each([
    ['a Bogotá landline', '6015551234'],
    ['a US number', '+1 202 555 0143'],
    ['eleven digits', '31045678901'],
    ['nine digits', '310456789'],
    ['letters', 'tres diez'],
    ['empty', ''],
    ['very long', '3'.repeat(500)],
    ['a NUL byte', '310\u00004567890'],
  ])('refuses %s', (_name, typed) => {
    expect(colombianMobile(typed)).toBeNull();
    const parsed = sendSmsSchema.safeParse({ telefono: typed });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe(MSG.celularNoValido);
  });

  it('refuses a wrong type or an unknown field with the same message or zod Spanish', () => {
    expect(sendSmsSchema.safeParse({ telefono: 3104567890 }).error?.issues[0].message).toBe(MSG.celularNoValido);
    expect(sendSmsSchema.safeParse({ telefono: '3104567890', extra: 1 }).success).toBe(false);
  });

  it('shows E.164 as people read it', () => {
    expect(formatPhone('+573104567890')).toBe('+57 310 4567890');
  });
});
