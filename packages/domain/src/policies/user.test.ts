import { describe, expect, it } from 'vitest';
import {
  CARGOS,
  COORDINADORES,
  USER_STATUS_VISIBLE,
  canWriteUsers,
  mayAssignCities,
  mayCreateUser,
  mayDeactivateUser,
  mayEditUser,
  mayPickAvailability,
  mayWriteUser,
  maySetOwnAvailability,
  userActions,
  type Cargo,
  type Decision,
} from '../index.js';

const answer = (d: Decision) => (d.allowed ? 'ok' : `${d.status} ${d.message}`);
const FORBIDDEN = '403 Usuario no autorizado';
const CHIEFS: readonly Cargo[] = ['Administrador', ...COORDINADORES];
const pairs = CARGOS.flatMap((viewer) => CARGOS.map((target) => [viewer, target] as const));
const me = (cargo: Cargo) => ({ id: 'me', cargo });
const other = (cargo: Cargo) => ({ id: 'other', cargo, area: 'INVESTIGACIÓN' });

describe('writing another user, every viewer × every target cargo', () => {
  /** From an unrestricted users view; only an Administrador writes the chiefs (README decisions). */
  const writes = (viewer: Cargo, target: Cargo) =>
    canWriteUsers(viewer) && (viewer === 'Administrador' || !CHIEFS.includes(target));
  it.each(pairs)('%s on a %s', (viewer, target) => {
    const w = writes(viewer, target);
    expect(answer(mayCreateUser(me(viewer), target))).toBe(w ? 'ok' : FORBIDDEN);
    expect(answer(mayEditUser(me(viewer), other(target)))).toBe(w ? 'ok' : FORBIDDEN);
    expect(answer(mayDeactivateUser(me(viewer), other(target)))).toBe(w ? 'ok' : FORBIDDEN);
    expect(userActions(me(viewer), other(target))).toEqual({
      edit: w,
      deactivate: w,
      assignCities: mayAssignCities(viewer, target),
      changePassword: viewer === 'Administrador',
      changeArea: viewer === 'Administrador',
      changeCargo: w,
      manageStatus: USER_STATUS_VISIBLE[viewer].includes(target),
      // Another's photo: the Administrador only.
      changePhoto: viewer === 'Administrador',
    });
  });
});

describe('one’s own user', () => {
  it.each(CARGOS)('%s', (cargo) => {
    const self = { ...me(cargo), area: 'INVESTIGACIÓN' };
    expect(userActions(me(cargo), self)).toMatchObject({
      edit: canWriteUsers(cargo),
      deactivate: false,
      changePassword: false,
      changeCargo: false,
      // Everyone puts their own photo.
      changePhoto: true,
    });
    const edit = (change: Partial<{ cargo: Cargo; area: string; estado: boolean }>) =>
      answer(mayEditUser(me(cargo), self, { cargo, area: self.area, estado: true, ...change }));
    expect(edit({})).toBe(canWriteUsers(cargo) ? 'ok' : FORBIDDEN);
    // Nobody changes their own cargo (no self-promotion, no last administrator demoting themselves).
    expect(edit({ cargo: cargo === 'Investigador' ? 'Abogado' : 'Investigador' })).toBe(FORBIDDEN);
    if (canWriteUsers(cargo)) expect(edit({ estado: false })).toBe('400 No puede inactivar su propio usuario');
    // Deactivating is writing one's own cargo first (a Coordinador Contact Center may not write a chief).
    expect(answer(mayDeactivateUser(me(cargo), self))).toBe(
      mayWriteUser(cargo, cargo) ? '400 No puede inactivar su propio usuario' : FORBIDDEN,
    );
  });
});

describe('editing another user: the new cargo and the area', () => {
  const change = (cargo: Cargo, area = 'INVESTIGACIÓN') => ({ cargo, area, estado: true });
  it.each([
    ['Call Center', 'Investigador', 'Abogado', 'ok'],
    ['Call Center', 'Investigador', 'Coordinador Investigador', FORBIDDEN],
    ['Coordinador Contact Center', 'Investigador', 'Administrador', FORBIDDEN],
    ['Administrador', 'Investigador', 'Coordinador Investigador', 'ok'],
    ['Coordinador Investigador', 'Investigador', 'Investigador', FORBIDDEN],
  ] as const)('%s turns a %s into %s', (viewer, target, cargo, expected) => {
    expect(answer(mayEditUser(me(viewer), other(target), change(cargo)))).toBe(expected);
  });
  it.each(CARGOS)('%s changes the area', (viewer) => {
    const d = mayEditUser(me(viewer), other('Investigador'), change('Investigador', 'JURÍDICA'));
    expect(answer(d)).toBe(viewer === 'Administrador' ? 'ok' : FORBIDDEN);
  });
});

describe('availability picked by hand', () => {
  const withControl: Cargo[] = ['Abogado', 'Investigador', 'Abogado CAIT', 'Call Center', 'Dibujante', 'Perito'];
  it.each([
    ['Fuera de su horario laboral', 'ok'],
    ['Activo en espera', 'ok'],
    ['Activo ocupado', '400 Este estado lo asigna el sistema según los casos abiertos'],
    ['Activo múltiple', '400 Este estado lo asigna el sistema según los casos abiertos'],
  ])('%s', (value, expected) => {
    expect(answer(mayPickAvailability(value))).toBe(expected);
    if (!mayPickAvailability(value).allowed)
      expect(mayPickAvailability(value)).toMatchObject({ field: 'disponibilidad' });
    for (const cargo of CARGOS)
      expect(answer(maySetOwnAvailability(me(cargo), value)), cargo).toBe(
        withControl.includes(cargo) ? expected : FORBIDDEN,
      );
  });
});
