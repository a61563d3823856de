import { describe, expect, it } from 'vitest';
import { CARGOS, noticeAudience, type Cargo, type NoticeAudience } from './index.js';

const audience = (
  cargos: Cargo[],
  caseAgents: NoticeAudience['caseAgents'] = [],
  extra: Partial<NoticeAudience> = {},
): NoticeAudience => ({ cargos, caseAgents, inCaseCity: false, namedAgent: false, ...extra });

describe('who hears of a new case', () => {
  it('the administrators, lawyers and investigators covering the case city', () => {
    expect(noticeAudience('caseCreated')).toEqual(
      audience(['Administrador', 'Abogado', 'Investigador'], [], { inCaseCity: true }),
    );
  });
});

describe('who hears of an assignment, type by type (spec 2 §6): the agent assigned too', () => {
  const EXPECTED: Partial<Record<Cargo, NoticeAudience>> = {
    Abogado: audience(['Administrador', 'Coordinador Contact Center', 'Coordinador Abogado']),
    Investigador: audience(['Administrador', 'Coordinador Contact Center']),
    Dibujante: audience(['Administrador', 'Coordinador Contact Center']),
    'Abogado CAIT': audience(['Administrador']),
    'Call Center': audience(['Administrador']),
    // "Investigador" is the case's own investigator, not every investigator.
    Perito: audience(['Administrador', 'Coordinador Investigador'], ['uidinvestigador']),
  };
  it.each(CARGOS)('%s', (tipo) => {
    const expected = EXPECTED[tipo] ?? audience([]);
    expect(noticeAudience('agentAssigned', tipo)).toEqual({ ...expected, namedAgent: true });
  });
});

describe('who hears of a request, type by type: Administrador, the contact centre and the type’s coordinator', () => {
  const EXPECTED: Partial<Record<Cargo, Cargo[]>> = {
    Abogado: ['Administrador', 'Coordinador Contact Center', 'Coordinador Abogado'],
    'Abogado CAIT': ['Administrador', 'Coordinador Contact Center', 'Coordinador Abogado CAIT'],
    Investigador: ['Administrador', 'Coordinador Contact Center', 'Coordinador Investigador'],
    Perito: ['Administrador', 'Coordinador Contact Center', 'Coordinador Perito'],
    Dibujante: ['Administrador', 'Coordinador Contact Center', 'Coordinador Investigador'],
  };
  it.each(CARGOS)('%s', (tipo) => {
    expect(noticeAudience('agentRequested', tipo)).toEqual(audience(EXPECTED[tipo] ?? ['Administrador']));
  });
});

describe('who hears that an agent took a case: coordinators and the case’s contact-centre user', () => {
  const EXPECTED: Partial<Record<Cargo, Cargo[]>> = {
    Investigador: ['Administrador', 'Coordinador Contact Center', 'Coordinador Investigador'],
    Abogado: ['Administrador', 'Coordinador Contact Center', 'Coordinador Abogado'],
    Dibujante: ['Administrador', 'Coordinador Contact Center', 'Coordinador Investigador'],
  };
  it.each(CARGOS)('%s', (cargo) => {
    const expected = EXPECTED[cargo];
    expect(noticeAudience('caseTaken', cargo)).toEqual(
      expected ? audience(expected, ['uidcontactcenter']) : audience([]),
    );
  });
});

describe('who hears of a special-attention request', () => {
  it('whoever may authorise it', () => {
    expect(noticeAudience('attentionRequested')).toEqual(audience(['Administrador', 'Coordinador Contact Center']));
  });
});
