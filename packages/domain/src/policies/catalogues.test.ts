import { describe, expect, it } from 'vitest';
import {
  CARGOS,
  CARROCERIAS_POR_CLASE,
  CLASES_VEHICULO,
  MSG,
  SIN_CARROCERIA,
  carroceriasDe,
  isOwnerQuery,
  mayEditCaseStatus,
  mayToggleCaseStatus,
  mayWriteArea,
  mayWriteCompany,
  mayWriteVehicle,
  vehicleSchema,
} from '../index.js';

const DESK = ['Call Center', 'Coordinador Contact Center', 'Administrador'];

describe('catalogue policies (spec 3 §4–§6)', () => {
  it.each(CARGOS)('%s', (cargo) => {
    expect(mayWriteVehicle({ cargo }).allowed).toBe(DESK.includes(cargo));
    expect(mayWriteCompany({ cargo }).allowed).toBe(DESK.includes(cargo));
    expect(mayWriteArea({ cargo }).allowed).toBe(cargo === 'Administrador');
    expect(mayEditCaseStatus({ cargo }).allowed).toBe(cargo === 'Administrador');
    if (cargo !== 'Administrador')
      expect(mayEditCaseStatus({ cargo }, { editable: false })).toMatchObject({ status: 403 });
  });

  it('a row with editable false is locked for the Administrador too, with the spec’s two messages', () => {
    const admin = { cargo: 'Administrador' as const };
    expect(mayEditCaseStatus(admin, { editable: true }).allowed).toBe(true);
    expect(mayToggleCaseStatus(admin, { editable: true }).allowed).toBe(true);
    expect(mayEditCaseStatus(admin, { editable: false })).toMatchObject({ status: 409, message: MSG.noSePuedeEditar });
    expect(mayToggleCaseStatus(admin, { editable: false })).toMatchObject({
      status: 409,
      message: MSG.noSePuedeInactivar,
    });
  });
});

describe('vehicle lists and form (spec 3 §2, §3, §5)', () => {
  it('every clase has its carrocerías, SIN CARROCERIA first; an unknown clase only the default', () => {
    for (const clase of CLASES_VEHICULO) {
      expect(carroceriasDe(clase)[0]).toBe(SIN_CARROCERIA);
      expect(carroceriasDe(clase).slice(1)).toEqual(CARROCERIAS_POR_CLASE[clase]);
    }
    expect(carroceriasDe('SIN CLASE')).toEqual([SIN_CARROCERIA]);
    expect(carroceriasDe('OTRA')).toEqual([SIN_CARROCERIA]);
  });

  it('the owner field asks nothing for empty or hyphenated input', () => {
    expect(isOwnerQuery('')).toBe(false);
    expect(isOwnerQuery('   ')).toBe(false);
    expect(isOwnerQuery('79-845')).toBe(false);
    expect(isOwnerQuery(' 79845123 ')).toBe(true);
  });

  it('trims and uppercases text but not the owner id; poliza optional', () => {
    const id = '6b0c5c1e-8f7a-4d2b-9c3e-1a2b3c4d5e6f';
    const out = vehicleSchema.parse({
      clase: ' automóvil',
      carroceria: 'sedan ',
      marca: 'kia',
      linea: 'rio',
      modelo: 2020,
      placa: ' abc123 ',
      servicio: 'particular',
      uidcliente: id,
    });
    expect(out).toMatchObject({ clase: 'AUTOMÓVIL', placa: 'ABC123', modelo: '2020', poliza: '', uidcliente: id });
  });
});
