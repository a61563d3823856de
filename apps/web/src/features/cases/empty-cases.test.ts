// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LABELS, MSG } from '@vialex/domain';
import { emptyListText } from '../../components/list/card-list';
import { emptyCasesText } from './empty-cases';

const C = LABELS.casos;
const list = (criteria: unknown[]) => ({ params: { criteria, dir: 'next', limit: 10 } }) as never;

describe('an empty case list', () => {
  it('tells a field cargo that the coordinator will assign them one', () => {
    for (const cargo of ['Investigador', 'Perito', 'Dibujante'] as const) {
      expect(emptyCasesText(cargo, false)).toBe(C.sinCasosCampo);
      expect(emptyListText(list([]), emptyCasesText(cargo, false))).toBe(C.sinCasosCampo);
    }
    expect(emptyCasesText('Perito', true)).toBe(C.sinCasosArchivados);
  });

  it("keeps the spec's 'Datos no disponibles' after a search, and for the desk's cargos", () => {
    expect(emptyListText(list([{ field: 'caso', op: 'eq', value: '5' }]), C.sinCasosCampo)).toBe(
      MSG.datosNoDisponibles,
    );
    expect(emptyCasesText('Call Center', false)).toBeUndefined();
    expect(emptyListText(list([]), emptyCasesText('Administrador', false))).toBe(MSG.datosNoDisponibles);
  });
});
