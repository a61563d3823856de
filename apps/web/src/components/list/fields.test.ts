// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CARGOS, USER_LIST, listContract } from '@vialex/domain';
import { listFields } from './fields';

describe('listFields: the criteria panel from a list contract', () => {
  const fields = listFields(USER_LIST, {
    nombres: 'Nombres',
    apellidos: 'Apellidos',
    identificacion: 'Identificación',
    telefono: 'Teléfono',
    email: 'Correo',
    cargo: 'Cargo',
    area: 'Área',
    estado: {
      label: 'Estado',
      options: [
        { value: 'true', label: 'Activo' },
        { value: 'false', label: 'Inactivo' },
      ],
    },
  });

  it("keeps the contract's fields and order, each asked for by its type", () => {
    expect(fields.map((f) => [f.field, f.type])).toEqual([
      ['nombres', 'text'],
      ['apellidos', 'text'],
      ['identificacion', 'int'],
      ['telefono', 'exact'],
      ['email', 'email'],
      ['cargo', 'select'],
      ['area', 'text'],
      ['estado', 'bool'],
    ]);
  });

  it("offers a closed list's values, and a yes/no field's labelled options", () => {
    expect(fields.find((f) => f.field === 'cargo')?.options?.map((o) => o.value)).toEqual([...CARGOS]);
    expect(fields.find((f) => f.field === 'estado')?.options).toHaveLength(2);
  });

  it('refuses a yes/no field without its options', () => {
    expect(() => listFields(listContract({ activo: { type: 'bool' } }), { activo: 'Activo' })).toThrow();
  });
});
