// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MSG, VEHICLE_LIST } from '@vialex/domain';
import { toCriteria, valueError } from './criteria';
import { listFields } from './fields';

const fields = listFields(VEHICLE_LIST, {
  placa: 'Placa',
  carroceria: 'Carrocería',
  clase: 'Clase',
  linea: 'Línea',
  marca: 'Marca',
  modelo: 'Modelo',
  poliza: 'Póliza',
  servicio: 'Servicio',
  cliente: 'Cliente',
  creado: 'Creado',
});
const creado = fields.find((f) => f.field === 'creado')!;

describe('a date criterion (the vehicle list’s creado)', () => {
  it('is a date field; a real day passes, anything else is refused before it is sent', () => {
    expect(creado.type).toBe('date');
    expect(valueError(creado, '2026-01-15')).toBeNull();
    for (const bad of ['2026-02-30', '15/01/2026', '2026-1-5', 'ayer'])
      expect(valueError(creado, bad), bad).toBe(MSG.fechaNoValida);
    expect(toCriteria([{ field: 'creado', op: 'lt', value: ' 2026-01-15 ' }], fields)).toEqual([
      { field: 'creado', op: 'lt', value: '2026-01-15' },
    ]);
  });

  it('a field with options is picked from them (clase, servicio)', () => {
    expect(fields.find((f) => f.field === 'clase')!.type).toBe('select');
    expect(fields.find((f) => f.field === 'servicio')!.options?.map((o) => o.value)).toContain('PÚBLICO');
  });
});
