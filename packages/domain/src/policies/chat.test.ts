import { describe, expect, it } from 'vitest';
import {
  AGENT_SLOTS,
  CARGOS,
  MSG,
  chatKindOfTab,
  chatRoomActions,
  chatDisplayName,
  chatUsername,
  mayBlockRoom,
  mayOpenRoomFiles,
  mayReadRoom,
  maySend,
  mayUploadDronePhotos,
  seesOnlyFiles,
  type Cargo,
  type ChatCaseState,
  type ChatKind,
  type ChatViewerKind,
} from '../index.js';

const slots = Object.fromEntries(AGENT_SLOTS.map((s) => [s, null])) as Record<(typeof AGENT_SLOTS)[number], null>;
/** A case with every agent requested, both rooms open; the slot-bound cargos hold their slot. */
const base: ChatCaseState = {
  archivado: false,
  estado: 'Verificado',
  tipo_plan: 'SEGURO TERCERO',
  solicitud_atencion: false,
  aprobar_atencion: false,
  solicitud_perito: true,
  solicitud_dibujante: true,
  chat_perito: true,
  chat_dibujante: true,
  ...slots,
  uidabogadocait: 'me',
  uidcontactcenter: 'me',
  uidperito: 'me',
};
const state = (o: Partial<ChatCaseState> = {}): ChatCaseState => ({ ...base, ...o });
const me = (kind: ChatViewerKind) => ({ id: 'me', kind });

/**
 * Spec 2 §2 and §6, row by row: for every cargo and room, whether it reads, sends, opens files,
 * blocks (expert/draftsperson rooms) — on a case where every agent was requested.
 */
const ROOMS: Record<ChatKind, { read: Cargo[]; send: Cargo[]; files: Cargo[]; block: Cargo[] }> = {
  general: {
    read: [...CARGOS],
    send: [
      'Administrador',
      'Coordinador Contact Center',
      'Coordinador Investigador',
      'Coordinador Abogado',
      'Call Center',
      'Abogado',
      'Investigador',
    ],
    files: [
      'Abogado',
      'Call Center',
      'Perito',
      'Dibujante',
      'Administrador',
      'Coordinador Abogado',
      'Coordinador Contact Center',
      'Coordinador Investigador',
      'Coordinador Perito',
      'Investigador',
    ],
    block: [],
  },
  // D23: the Administrador reads, writes, opens the files of and blocks this room too (spec 2 §6
  // names them for its files and its block button).
  perito: {
    read: ['Perito', 'Coordinador Perito', 'Coordinador Investigador', 'Investigador', 'Administrador'],
    send: ['Perito', 'Coordinador Perito', 'Coordinador Investigador', 'Investigador', 'Administrador'],
    files: ['Perito', 'Coordinador Investigador', 'Coordinador Perito', 'Investigador', 'Administrador'],
    block: ['Coordinador Investigador', 'Investigador', 'Administrador'],
  },
  dibujante: {
    read: ['Coordinador Investigador', 'Dibujante', 'Administrador', 'Investigador'],
    send: ['Coordinador Investigador', 'Dibujante', 'Administrador', 'Investigador'],
    files: ['Dibujante', 'Administrador', 'Coordinador Investigador', 'Investigador'],
    block: ['Coordinador Investigador', 'Investigador', 'Administrador'],
  },
};

describe('chat rooms, every cargo and room (spec 2 §2, §6)', () => {
  for (const kind of ['general', 'perito', 'dibujante'] as const)
    it.each([...CARGOS])(`${kind}: %s`, (cargo) => {
      const row = ROOMS[kind];
      const v = me(cargo);
      expect(mayReadRoom(v, state(), kind).allowed).toBe(row.read.includes(cargo));
      expect(maySend(v, state(), kind).allowed).toBe(row.send.includes(cargo));
      expect(mayOpenRoomFiles(v, state(), kind).allowed).toBe(row.files.includes(cargo));
      expect(mayBlockRoom(v, state(), kind).allowed).toBe(row.block.includes(cargo));
      expect(mayUploadDronePhotos(v, state(), kind).allowed).toBe(cargo === 'Investigador' && kind === 'general');
    });
});

describe('the refusals, with the spec messages', () => {
  it('general room read-only cargos: "Su rol no está autorizado para esta acción"', () => {
    expect(maySend(me('Perito'), state(), 'general')).toMatchObject({ status: 403, message: MSG.chatRolNoAutorizado });
  });
  it('a closed expert room, a closed draftsperson room', () => {
    expect(maySend(me('Perito'), state({ chat_perito: false }), 'perito')).toMatchObject({
      allowed: false,
      message: 'El chat ha sido bloqueado por el investigador del caso',
    });
    expect(maySend(me('Dibujante'), state({ chat_dibujante: false }), 'dibujante')).toMatchObject({
      allowed: false,
      message: 'El chat ha sido bloqueado',
    });
  });
  it('opening a file: the two spaces of the spec', () => {
    expect(mayOpenRoomFiles(me('Abogado CAIT'), state(), 'general')).toMatchObject({
      message: 'Su rol no está autorizado para realizar esta acción',
    });
  });
  it('a room not requested is no room; an archived case says nothing new', () => {
    expect(mayReadRoom(me('Investigador'), state({ solicitud_perito: false, uidperito: null }), 'perito').allowed).toBe(
      false,
    );
    expect(maySend(me('Investigador'), state({ archivado: true }), 'general')).toMatchObject({
      message: MSG.casoArchivadoNoEditable,
    });
  });
});

describe('the client, files-only views, the username', () => {
  it('a client reaches only the general room, where they send and open files', () => {
    const client = me('Cliente');
    expect(maySend(client, state(), 'general').allowed).toBe(true);
    expect(mayOpenRoomFiles(client, state(), 'general').allowed).toBe(true);
    for (const kind of ['perito', 'dibujante'] as const) expect(mayReadRoom(client, state(), kind).allowed).toBe(false);
    expect(chatRoomActions(client, state(), 'general')).toMatchObject({ bloquear: false, fotosDrone: false });
  });
  it('Perito and Dibujante see only file messages in the general room', () => {
    expect(seesOnlyFiles('Perito', 'general')).toBe(true);
    expect(seesOnlyFiles('Dibujante', 'general')).toBe(true);
    expect(seesOnlyFiles('Perito', 'perito')).toBe(false);
    expect(seesOnlyFiles('Investigador', 'general')).toBe(false);
  });
  it('name, first 4 of the identification, [role]', () => {
    expect(chatUsername('  Ana   María Pérez ', '1020304050', 'Investigador')).toBe(
      'Ana María Pérez 1020 [Investigador]',
    );
    expect(chatKindOfTab('chat_perito')).toBe('perito');
    expect(chatKindOfTab('gestionar')).toBeUndefined();
  });
  it('rooms show the name and role without the identification digits', () => {
    expect(chatDisplayName('Ana María Pérez 1020 [Investigador]')).toBe('Ana María Pérez [Investigador]');
    expect(chatDisplayName(chatUsername('CARLOS RAMÍREZ', '79', 'Cliente'))).toBe('CARLOS RAMÍREZ [Cliente]');
    // A passport's first four go too; a name and a username without an identification stay.
    expect(chatDisplayName('Eva Gil PA12 [Perito]')).toBe('Eva Gil [Perito]');
    expect(chatDisplayName('Luis Paz [Abogado]')).toBe('Luis Paz [Abogado]');
    expect(chatDisplayName('Cliente anonimizado [Cliente]')).toBe('Cliente anonimizado [Cliente]');
  });
});
