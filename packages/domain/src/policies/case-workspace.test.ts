import { describe, expect, it } from 'vitest';
import {
  AGENT_SLOTS,
  CARGOS,
  WORKSPACE_TABS,
  mayLookupPolicy,
  mayOpenTab,
  policyPanelActions,
  workspaceTabs,
  type CaseState,
  type WorkspaceCaseState,
  type WorkspaceTab,
  type WorkspaceViewerKind,
} from '../index.js';

const slots = Object.fromEntries(AGENT_SLOTS.map((s) => [s, null])) as Record<(typeof AGENT_SLOTS)[number], null>;
type State = CaseState & WorkspaceCaseState;
const base: State = {
  archivado: false,
  estado: 'Verificado',
  tipo_plan: 'SIN PLAN',
  solicitud_atencion: false,
  aprobar_atencion: false,
  solicitud_perito: false,
  solicitud_dibujante: false,
  ...slots,
};
const state = (o: Partial<State> = {}): State => ({ ...base, ...o });

const ALL: WorkspaceTab[] = [...WORKSPACE_TABS];
const BASIC: WorkspaceTab[] = ['chat', 'informacion', 'gestionar', 'mapa'];
/** Spec 2 §2, row by row: the tabs of each kind of viewer on a case with nothing requested / with both requested. */
const TABLE: Record<WorkspaceViewerKind, { plain: WorkspaceTab[]; requested: WorkspaceTab[] }> = {
  // D23: the Administrador reads every room.
  Administrador: { plain: BASIC, requested: ALL },
  'Coordinador Contact Center': { plain: BASIC, requested: BASIC },
  'Coordinador Investigador': { plain: BASIC, requested: ALL },
  'Coordinador Abogado': { plain: BASIC, requested: BASIC },
  'Coordinador Abogado CAIT': { plain: BASIC, requested: BASIC },
  'Coordinador Perito': { plain: ['chat', 'informacion'], requested: ['chat', 'informacion', 'chat_perito'] },
  'Call Center': { plain: BASIC, requested: BASIC },
  Investigador: { plain: BASIC, requested: ALL },
  Abogado: { plain: BASIC, requested: BASIC },
  'Abogado CAIT': { plain: BASIC, requested: BASIC },
  Perito: { plain: ['chat', 'informacion'], requested: ['chat', 'informacion', 'chat_perito'] },
  Dibujante: { plain: BASIC, requested: [...BASIC, 'chat_dibujante'] },
  Cliente: { plain: ['chat', 'informacion', 'mapa'], requested: ['chat', 'informacion', 'mapa'] },
};

describe('workspace tabs (spec 2 §2)', () => {
  for (const [kind, row] of Object.entries(TABLE) as [WorkspaceViewerKind, (typeof TABLE)[WorkspaceViewerKind]][]) {
    it(`${kind}`, () => {
      expect(workspaceTabs(kind, state())).toEqual(row.plain);
      expect(workspaceTabs(kind, state({ solicitud_perito: true, solicitud_dibujante: true }))).toEqual(row.requested);
    });
  }

  it('an expert or draftsperson on the case counts as requested', () => {
    expect(workspaceTabs('Investigador', state({ uidperito: 'p' }))).toContain('chat_perito');
    expect(workspaceTabs('Investigador', state({ uiddibujante: 'd' }))).toContain('chat_dibujante');
    expect(workspaceTabs('Investigador', state({ solicitud_perito: true }))).not.toContain('chat_dibujante');
  });

  it('every cargo is in the table', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...CARGOS, 'Cliente'].sort());
  });

  it('a tab is refused (403) when hidden, and the workspace when the cargo may not manage the case', () => {
    const v = (cargo: (typeof CARGOS)[number]) => ({ id: 'me', cargo });
    expect(mayOpenTab(v('Perito'), state({ uidperito: 'me' }), 'gestionar')).toMatchObject({ status: 403 });
    expect(mayOpenTab(v('Perito'), state({ uidperito: 'me' }), 'informacion').allowed).toBe(true);
    expect(mayOpenTab(v('Perito'), state({ uidperito: 'other' }), 'informacion')).toMatchObject({ status: 403 });
    expect(mayOpenTab(v('Abogado CAIT'), state(), 'chat')).toMatchObject({ status: 403 });
    expect(mayOpenTab(v('Abogado CAIT'), state({ uidabogadocait: 'me' }), 'chat').allowed).toBe(true);
    // A room that was never opened (no expert asked for) is nobody's tab, the Administrador's neither.
    expect(mayOpenTab(v('Administrador'), state(), 'chat_perito')).toMatchObject({ status: 403 });
    expect(mayOpenTab(v('Administrador'), state({ solicitud_perito: true }), 'chat_perito').allowed).toBe(true);
  });
});

describe('policy area (spec 2 §6)', () => {
  const v = (cargo: (typeof CARGOS)[number]) => ({ id: 'me', cargo });

  it('the policy look-up: the contact-centre desk, not on an archived case', () => {
    for (const cargo of CARGOS) {
      const desk = ['Administrador', 'Call Center', 'Coordinador Contact Center'].includes(cargo);
      expect(mayLookupPolicy(v(cargo), state()).allowed, cargo).toBe(desk);
    }
    expect(mayLookupPolicy(v('Administrador'), state({ archivado: true })).allowed).toBe(false);
  });

  it('request approval: SIN PLAN without approval, disabled once asked', () => {
    expect(policyPanelActions(v('Call Center'), state()).solicitarAprobacion).toBe('disponible');
    expect(policyPanelActions(v('Call Center'), state({ solicitud_atencion: true })).solicitarAprobacion).toBe(
      'solicitado',
    );
    expect(
      policyPanelActions(v('Call Center'), state({ solicitud_atencion: true, aprobar_atencion: true }))
        .solicitarAprobacion,
    ).toBe('oculto');
    expect(policyPanelActions(v('Call Center'), state({ tipo_plan: 'RC PUBLICO' })).solicitarAprobacion).toBe('oculto');
    expect(policyPanelActions(v('Investigador'), state()).solicitarAprobacion).toBe('oculto');
  });

  it('request expert / draftsperson: Administrador, Investigador, Coordinador Investigador on an authorised plan, until requested', () => {
    const plan = state({ tipo_plan: 'SEGURO TERCERO' });
    for (const cargo of CARGOS) {
      const expected = ['Administrador', 'Investigador', 'Coordinador Investigador'].includes(cargo)
        ? ['Perito', 'Dibujante']
        : [];
      expect(policyPanelActions(v(cargo), plan).solicitar, cargo).toEqual(expected);
    }
    expect(policyPanelActions(v('Investigador'), state()).solicitar).toEqual([]);
    expect(policyPanelActions(v('Investigador'), { ...plan, solicitud_perito: true }).solicitar).toEqual(['Dibujante']);
    expect(policyPanelActions(v('Investigador'), { ...plan, archivado: true }).solicitar).toEqual([]);
  });
});
