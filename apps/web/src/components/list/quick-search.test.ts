// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MSG } from '@vialex/domain';
import { caseOrPlate, identificationOrName, nameOrEmail, personName, startsWith, wholeNumber } from './quick-search';

describe('quick search → list criteria', () => {
  it('cases: digits are the case number, with or without #', () => {
    expect(caseOrPlate(' 123 ')).toEqual([{ field: 'caso', op: 'eq', value: 123 }]);
    expect(caseOrPlate('#12')).toEqual([{ field: 'caso', op: 'eq', value: 12 }]);
  });

  it('cases: anything else is the plate, uppercased, without spaces or dashes', () => {
    expect(caseOrPlate('tax 123')).toEqual([{ field: 'placa', op: 'eq', value: 'TAX123' }]);
    expect(caseOrPlate('abc-12d')).toEqual([{ field: 'placa', op: 'eq', value: 'ABC12D' }]);
  });

  it('cases: a number the case column cannot hold is refused here, as the server would', () => {
    expect(caseOrPlate('2147483647')).toEqual([{ field: 'caso', op: 'eq', value: 2147483647 }]);
    expect(caseOrPlate('2147483648')).toEqual({ error: MSG.numeroFueraDeRango });
  });

  it('an empty field means no criteria: the whole list', () => {
    expect(caseOrPlate('   ')).toEqual([]);
    expect(identificationOrName('')).toEqual([]);
    expect(nameOrEmail(' ')).toEqual([]);
  });

  it('clients: digits are the identification number, words the name', () => {
    expect(identificationOrName('79845123')).toEqual([{ field: 'identificacion', op: 'eq', value: 79845123 }]);
    expect(identificationOrName('99999999999999999999')).toEqual({ error: MSG.numeroFueraDeRango });
    expect(identificationOrName('laura')).toEqual(startsWith('nombres', 'laura'));
  });

  it('users: an e-mail is compared lower-cased, words are the start of first names and surnames', () => {
    expect(nameOrEmail(' Perito@Vialex.test ')).toEqual([{ field: 'email', op: 'eq', value: 'perito@vialex.test' }]);
    expect(nameOrEmail('ana')).toEqual([
      { field: 'nombres', op: 'gte', value: 'ANA' },
      { field: 'nombres', op: 'lt', value: 'ANB' },
    ]);
    expect(nameOrEmail('ana maría  ruiz')).toEqual([...personName('ana'), ...startsWith('apellidos', 'ruiz')]);
  });

  it('"starts with" is the range up to the successor of the last character', () => {
    expect(startsWith('apellidos', 'martí')).toEqual([
      { field: 'apellidos', op: 'gte', value: 'MARTÍ' },
      { field: 'apellidos', op: 'lt', value: 'MARTÎ' },
    ]);
    expect(startsWith('apellidos', ' ')).toEqual([]);
  });

  it('wholeNumber reads digits only', () => {
    expect(wholeNumber('12a')).toBeNull();
    expect(wholeNumber('-3')).toBeNull();
    expect(wholeNumber('007')).toBe(7);
  });
});
