import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_TARGETS, auditActionLabel, auditChanges, auditTargetLabel, auditValue } from './index.js';
import { LABELS } from './labels.js';

/** How a record of AUDITORÍA reads in Spanish, on the screen and in the CSV. */
describe('audit record in words', () => {
  it('names each changed field in Spanish, with both values', () => {
    expect(auditChanges({ antes: { cargo: 'Perito', area: 'PERITAJE' }, despues: { cargo: 'Investigador' } })).toEqual([
      { field: 'cargo', campo: 'Cargo', antes: 'Perito', despues: 'Investigador' },
      { field: 'area', campo: 'Área', antes: 'PERITAJE', despues: LABELS.auditoria.vacio },
    ]);
  });

  it('reads yes/no, lists, empty values, and keeps an unknown field by its own name', () => {
    expect(auditValue(true)).toBe('Sí');
    expect(auditValue(false)).toBe('No');
    expect(auditValue(['05001', '11001'])).toBe('05001, 11001');
    expect(auditValue([])).toBe('(vacío)');
    expect(auditValue(null)).toBe('(vacío)');
    expect(auditValue('')).toBe('(vacío)');
    expect(auditValue(45)).toBe('45');
    expect(auditChanges({ antes: null, despues: { campo_nuevo: 1 } })).toEqual([
      { field: 'campo_nuevo', campo: 'campo_nuevo', antes: '(vacío)', despues: '1' },
    ]);
    expect(auditChanges({ antes: null, despues: null })).toEqual([]);
  });

  it('has words for every action and target it records; an unknown code shows itself', () => {
    for (const a of AUDIT_ACTIONS) expect(auditActionLabel(a), a).not.toBe(a);
    for (const t of AUDIT_TARGETS) expect(auditTargetLabel(t), t).not.toBe(t);
    expect(auditActionLabel('otro.acto')).toBe('otro.acto');
  });
});
