// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { WORKSPACE_TABS } from '@vialex/domain';
import { CHOSEN_TAB_STATE, headerLine, headerLineParts, landingTab, ownRoomTab } from './phone-layout';

const ALL = [...WORKSPACE_TABS];

describe('the workspace on a phone', () => {
  it('says the case in one line: number, client, plate, status — what is missing left out', () => {
    expect(
      headerLine({ caso: 5, cliente: { nombre: 'CARLOS RAMÍREZ' }, placa: 'TAX123', estado: 'En atención' } as never),
    ).toBe('# 5 · CARLOS RAMÍREZ · TAX123 · En atención');
    expect(headerLine({ caso: 7, cliente: { nombre: null }, placa: '', estado: 'Recibido' } as never)).toBe(
      '# 7 · Recibido',
    );
    // The status apart: a long name is cut short, never the status.
    expect(
      headerLineParts({
        caso: 5,
        cliente: { nombre: 'CARLOS RAMÍREZ' },
        placa: 'TAX123',
        estado: 'En atención',
      } as never),
    ).toEqual({ who: '# 5 · CARLOS RAMÍREZ · TAX123', status: 'En atención' });
  });

  it('a Perito or Dibujante sent to the general room lands in their own room, when they see it', () => {
    expect(landingTab('chat', 'Perito', ALL, null)).toBe('chat_perito');
    expect(landingTab('chat', 'Dibujante', ALL, undefined)).toBe('chat_dibujante');
    // Without their room on this case, the general room stays.
    expect(landingTab('chat', 'Perito', ['chat', 'informacion'], null)).toBe('chat');
    expect(ownRoomTab('Dibujante', ['chat', 'chat_perito'])).toBeNull();
  });

  it('a tab they chose themselves stays, and nobody else is moved', () => {
    expect(landingTab('chat', 'Perito', ALL, CHOSEN_TAB_STATE)).toBe('chat');
    expect(landingTab('mapa', 'Perito', ALL, null)).toBe('mapa');
    expect(landingTab('chat', 'Investigador', ALL, null)).toBe('chat');
    expect(landingTab('chat', 'Coordinador Perito', ALL, null)).toBe('chat');
  });
});
