import { describe, expect, it } from 'vitest';
import {
  ASSIGNABLE_TYPES,
  CARGOS,
  CASE_SCOPE,
  MANAGE_CASE,
  PERMISSIONS,
  REQUESTABLE_TYPES,
  USERS_VISIBLE,
  USER_STATUS_VISIBLE,
  COORDINADORES,
  appointableCargos,
  can,
  canWriteUsers,
  caseAudience,
  inCaseScope,
  AGENT_SLOTS,
  type ScopedCase,
  hasAvailabilityControl,
  mayAssignCities,
  mayWriteUser,
  type Action,
  type Cargo,
} from './index.js';

/** Each row: the cargos the spec names for the action. Every other cargo must be refused. */
const EXPECTED: Record<Action, Cargo[]> = {
  'clientes.write': ['Call Center', 'Coordinador Contact Center', 'Administrador'],
  'clientes.accesos': ['Administrador'],
  'auditoria.read': ['Administrador'],
  'usuarios.changeOtherPassword': ['Administrador'],
  'usuarios.changeArea': ['Administrador'],
  'casos.create': ['Call Center', 'Coordinador Contact Center', 'Administrador'],
  'casos.edit': ['Administrador', 'Call Center', 'Coordinador Contact Center'],
  'casos.export': ['Administrador', 'Call Center', 'Coordinador Contact Center'],
  'casos.assign': [
    'Administrador',
    'Coordinador Contact Center',
    'Coordinador Investigador',
    'Coordinador Abogado',
    'Coordinador Abogado CAIT',
    'Coordinador Perito',
  ],
  'casos.request': [
    'Administrador',
    'Coordinador Contact Center',
    'Call Center',
    'Coordinador Investigador',
    'Investigador',
  ],
  'casos.take': ['Investigador', 'Abogado', 'Dibujante'],
  'casos.authorizeAttention': ['Administrador', 'Coordinador Contact Center'],
  'casos.archive': [...CARGOS],
  'casos.sms': ['Administrador', 'Call Center', 'Coordinador Contact Center'],
  'casos.requestExpertInfoPanel': ['Administrador', 'Investigador', 'Coordinador Investigador'],
  // spec 2 §2: the Gestionar tab is hidden for Perito and Coordinador Perito.
  'casos.changeStatus': CARGOS.filter((c) => c !== 'Perito' && c !== 'Coordinador Perito'),
  'casos.manageClosed': ['Administrador'],
  'chat.block': ['Coordinador Investigador', 'Investigador', 'Administrador'],
  'vehiculos.write': ['Call Center', 'Coordinador Contact Center', 'Administrador'],
  'empresas.write': ['Call Center', 'Coordinador Contact Center', 'Administrador'],
  'areas.write': ['Administrador'],
  'estadoscaso.write': ['Administrador'],
  // Consultas y Reportes: spec 3 §6 shows no check; docs/decisions.md "Reports".
  'reportes.read': ['Administrador', ...COORDINADORES],
  'reportes.export': ['Administrador', ...COORDINADORES],
  'clientes.anonimizar': ['Administrador'],
};

describe('permission matrix, row by row', () => {
  const rows = (Object.keys(PERMISSIONS) as Action[]).flatMap((action) =>
    CARGOS.map((cargo) => [action, cargo] as const),
  );
  it.each(rows)('%s for %s', (action, cargo) => {
    expect(can(cargo, action)).toBe(EXPECTED[action].includes(cargo));
  });
  it('refuses a missing cargo', () => expect(can(undefined, 'clientes.write')).toBe(false));
});

describe('availability control (spec 1 §6)', () => {
  const allowed: Cargo[] = ['Abogado', 'Investigador', 'Abogado CAIT', 'Call Center', 'Dibujante', 'Perito'];
  it.each(CARGOS)('%s', (cargo) => expect(hasAvailabilityControl(cargo)).toBe(allowed.includes(cargo)));
});

describe('users list visibility (spec 1 §6)', () => {
  it.each([
    ['Administrador', 'all'],
    ['Coordinador Contact Center', 'all'],
    ['Call Center', 'all'],
    ['Coordinador Investigador', ['Investigador', 'Dibujante']],
    ['Coordinador Abogado', ['Abogado']],
    ['Coordinador Abogado CAIT', ['Abogado CAIT']],
    ['Coordinador Perito', ['Perito']],
  ] as const)('%s sees %j', (viewer, expected) => {
    expect(USERS_VISIBLE[viewer]).toEqual(expected);
    expect(canWriteUsers(viewer)).toBe(expected === 'all');
  });
  it('user-status: Coordinador Contact Center sees Call Center; coordinators their groups', () => {
    expect(USER_STATUS_VISIBLE['Coordinador Contact Center']).toEqual(['Call Center']);
    expect(USER_STATUS_VISIBLE['Coordinador Investigador']).toEqual(['Investigador', 'Dibujante']);
    expect(USER_STATUS_VISIBLE.Administrador).toEqual(CARGOS);
  });
  it('no escalation: only an Administrador writes or appoints administrators and coordinators', () => {
    const agents = CARGOS.filter((c) => c !== 'Administrador' && !COORDINADORES.includes(c as never));
    expect(appointableCargos('Administrador')).toEqual(CARGOS);
    expect(appointableCargos('Call Center')).toEqual(agents);
    expect(appointableCargos('Coordinador Contact Center')).toEqual(agents);
    for (const viewer of CARGOS.filter((c) => !canWriteUsers(c))) expect(appointableCargos(viewer), viewer).toEqual([]);
    expect(mayWriteUser('Call Center', 'Coordinador Contact Center')).toBe(false);
    expect(mayWriteUser('Call Center', 'Investigador')).toBe(true);
  });
});

describe('Assign Cities (spec 1 §2, §6), every viewer × every target', () => {
  /** Each row: the target cargos whose cities the viewer may set; every other pair is refused. */
  const EXPECTED_CITIES: Partial<Record<Cargo, Cargo[]>> = {
    Administrador: ['Abogado', 'Investigador'],
    'Call Center': ['Abogado', 'Investigador'],
    'Coordinador Contact Center': ['Abogado', 'Investigador'],
    // The coordinators who dispatch those agents, on their own group only.
    'Coordinador Investigador': ['Investigador'],
    'Coordinador Abogado': ['Abogado'],
  };
  const pairs = CARGOS.flatMap((viewer) => CARGOS.map((target) => [viewer, target] as const));
  it.each(pairs)('%s on a %s', (viewer, target) => {
    expect(mayAssignCities(viewer, target)).toBe((EXPECTED_CITIES[viewer] ?? []).includes(target));
  });
});

describe('cases (spec 2 §6)', () => {
  it('scope per cargo', () => {
    expect(CASE_SCOPE['Call Center']).toEqual({ kind: 'contactcenter' });
    expect(CASE_SCOPE.Investigador).toEqual({ kind: 'own', field: 'uidinvestigador' });
    expect(CASE_SCOPE.Abogado).toEqual({ kind: 'ownOrUnassigned', field: 'uidabogado' });
    expect(CASE_SCOPE['Abogado CAIT']).toEqual({ kind: 'ownOrUnassigned', field: 'uidabogadocait' });
    expect(CASE_SCOPE.Dibujante).toEqual({ kind: 'ownOrRequested', field: 'uiddibujante' });
    expect(CASE_SCOPE['Coordinador Perito']).toEqual({ kind: 'peritoRequested' });
    expect(CASE_SCOPE.Perito).toEqual({ kind: 'own', field: 'uidperito' });
    for (const c of [
      'Administrador',
      'Coordinador Contact Center',
      'Coordinador Investigador',
      'Coordinador Abogado',
      'Coordinador Abogado CAIT',
    ] as const) {
      expect(CASE_SCOPE[c]).toEqual({ kind: 'all' });
    }
  });
  it('who may request which type', () => {
    expect(REQUESTABLE_TYPES.Administrador).toEqual(['Abogado', 'Abogado CAIT', 'Investigador', 'Perito', 'Dibujante']);
    expect(REQUESTABLE_TYPES['Call Center']).toEqual(['Abogado', 'Abogado CAIT', 'Investigador', 'Dibujante']);
    expect(REQUESTABLE_TYPES.Investigador).toEqual(['Perito', 'Dibujante']);
    expect(REQUESTABLE_TYPES.Abogado).toBeUndefined();
  });
  it('assign dialog user types', () => {
    expect(ASSIGNABLE_TYPES['Coordinador Investigador']).toEqual(['Investigador', 'Dibujante']);
    expect(ASSIGNABLE_TYPES['Coordinador Contact Center']).toEqual(['Call Center']);
    expect(ASSIGNABLE_TYPES.Investigador).toBeUndefined();
  });
  it('manage: conditional cargos need their slot', () => {
    expect(MANAGE_CASE['Abogado CAIT']).toBe('uidabogadocait');
    expect(MANAGE_CASE['Call Center']).toBe('uidcontactcenter');
    expect(MANAGE_CASE.Perito).toBe('uidperito');
    expect(MANAGE_CASE.Dibujante).toBe('always');
  });
});

describe('menu per cargo', () => {
  it('hides the user lists from cargos that see no users', async () => {
    const { menuFor } = await import('./permissions.js');
    const paths = (c: Cargo) => menuFor(c).map((e) => e.path);
    expect(paths('Administrador')).toContain('/usuarios');
    expect(paths('Administrador')).toContain('/estado-usuarios');
    expect(paths('Call Center')).toContain('/usuarios');
    expect(paths('Call Center')).not.toContain('/estado-usuarios');
    expect(paths('Investigador')).not.toContain('/usuarios');
    expect(paths('Investigador')).toContain('/casos');
    expect(paths('Coordinador Perito')).toEqual(expect.arrayContaining(['/usuarios', '/estado-usuarios', '/casos']));
  });

  it('shows AUDITORÍA to the Administrador only', async () => {
    const { menuFor } = await import('./permissions.js');
    for (const cargo of CARGOS)
      expect(
        menuFor(cargo).some((e) => e.path === '/auditoria'),
        cargo,
      ).toBe(cargo === 'Administrador');
  });
});

describe('caseAudience', () => {
  const ids = ['u1', 'u2', 'u3'];
  // Every way a case's slots and requests can be filled by these users (each slot empty or one of them).
  const cases: ScopedCase[] = [];
  for (let i = 0; i < 4 ** AGENT_SLOTS.length; i += 37)
    for (const solicitud_perito of [false, true])
      for (const solicitud_dibujante of [false, true]) {
        const c: ScopedCase = { solicitud_perito, solicitud_dibujante };
        AGENT_SLOTS.forEach((slot, n) => (c[slot] = [null, ...ids][Math.floor(i / 4 ** n) % 4]));
        cases.push(c);
      }

  it('names exactly the users whose list holds the case, for every cargo, user and case', () => {
    for (const c of cases) {
      const { everyone, own } = caseAudience(CARGOS, c);
      for (const cargo of CARGOS)
        for (const user of [...ids, 'outsider'])
          expect(
            everyone.includes(cargo) || own.includes(`${cargo}:${user}`),
            `${cargo} ${user} ${JSON.stringify(c)}`,
          ).toBe(inCaseScope(cargo, user, c));
    }
  });

  it('asks only for the cargos it was given', () => {
    const c: ScopedCase = { uidinvestigador: 'u1', uidabogado: 'u2' };
    expect(caseAudience(['Administrador', 'Investigador'], c)).toEqual({
      everyone: ['Administrador'],
      own: ['Investigador:u1'],
    });
  });
});
