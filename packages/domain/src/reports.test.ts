import { describe, expect, it } from 'vitest';
import {
  CARGOS,
  MSG,
  REPORT_TEXTS,
  SIN_AREA,
  SIN_ASIGNAR,
  addDays,
  bogotaDay,
  can,
  countColor,
  dashboardAgentCargos,
  dashboardPeriods,
  defaultRange,
  efficiency,
  investigatorDetailQuerySchema,
  isReportDay,
  mayReadStatistics,
  menuFor,
  normalizePrioridad,
  percentColor,
  percentComplete,
  reportArea,
  reportFileName,
  reportInvestigator,
  reportQuerySchema,
  reportRange,
  statisticsQuerySchema,
  statusGroup,
  type Cargo,
} from './index.js';

describe('efficiency (spec 3 §9), row by row', () => {
  it.each([
    // total, closed, high priority → efficiency
    [0, 0, 0, 'Sin datos'],
    [0, 0, 5, 'Sin datos'],
    [10, 8, 0, 'Alta'],
    [10, 8, 2, 'Alta'],
    [10, 8, 3, 'Media'], // 80 % but three high-priority cases
    [10, 10, 2, 'Alta'],
    [5, 4, 1, 'Alta'],
    [9, 7, 0, 'Media'], // 77.8 %: rounds to 78, not Alta
    [10, 5, 0, 'Media'],
    [10, 5, 9, 'Media'],
    [2, 1, 0, 'Media'],
    [10, 4, 0, 'Baja'],
    [3, 1, 0, 'Baja'], // 33 %
    [199, 99, 0, 'Baja'], // 49.7 %
    [1, 0, 0, 'Baja'],
  ] as const)('%i cases, %i closed, %i high → %s', (total, cerrados, alta, expected) => {
    expect(efficiency({ total, cerrados, alta })).toBe(expected);
  });
});

describe('percent complete: closed / total, rounded', () => {
  it.each([
    [0, 0, 0],
    [1, 3, 33],
    [2, 3, 67],
    [1, 2, 50],
    [1, 8, 13], // 12.5 rounds up
    [7, 9, 78],
    [10, 10, 100],
  ])('%i of %i → %i', (cerrados, total, pct) => expect(percentComplete(cerrados, total)).toBe(pct));
});

describe('colours (spec 3 §9)', () => {
  it.each([
    [0, 'success'],
    [9, 'success'],
    [10, 'warning'],
    [19, 'warning'],
    [20, 'error'],
    [500, 'error'],
  ] as const)('case count %i → %s', (n, c) => expect(countColor(n)).toBe(c));
  it.each([
    [0, 'error'],
    [49, 'error'],
    [50, 'warning'],
    [79, 'warning'],
    [80, 'success'],
    [100, 'success'],
  ] as const)('percent %i → %s', (n, c) => expect(percentColor(n)).toBe(c));
});

describe('defaults (spec 3 §9)', () => {
  it("a case without investigator is 'Sin asignar', without area 'Sin área', without priority media", () => {
    expect(reportInvestigator(null)).toBe(SIN_ASIGNAR);
    expect(reportInvestigator('  ')).toBe(SIN_ASIGNAR);
    expect(reportInvestigator('ANA PÉREZ')).toBe('ANA PÉREZ');
    expect(reportArea('')).toBe(SIN_AREA);
    expect(reportArea(null)).toBe('Sin área');
    expect(reportArea('INVESTIGACIÓN')).toBe('INVESTIGACIÓN');
    expect(normalizePrioridad(undefined)).toBe('media');
    expect(normalizePrioridad('ALTA')).toBe('alta');
    expect(normalizePrioridad('urgente')).toBe('media');
  });
  it('status groups', () => {
    expect(statusGroup('CERRADO')).toBe('Cerrado');
    expect(statusGroup('Conciliado')).toBe('Cerrado');
    expect(statusGroup('Verificado')).toBe('Abierto');
    expect(statusGroup(null)).toBe('Abierto'); // a missing status is Recibido
  });
});

describe('days in Bogotá (UTC−5)', () => {
  it('the end date is inclusive to the end of that day in Bogotá', () => {
    const { from, to } = reportRange('2026-03-01', '2026-03-31');
    expect(from.toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(to.toISOString()).toBe('2026-04-01T05:00:00.000Z'); // exclusive: 23:59:59.999 of 31 March is inside
    // 23:30 in Bogotá on the 31st is 04:30 UTC on 1 April: inside the range.
    const lateEvening = new Date('2026-04-01T04:30:00Z');
    expect(lateEvening >= from && lateEvening < to).toBe(true);
    // 00:10 in Bogotá on 1 April is outside.
    expect(new Date('2026-04-01T05:10:00Z') < to).toBe(false);
  });
  it('a one-day range covers that whole day', () => {
    const { from, to } = reportRange('2026-12-31', '2026-12-31');
    expect(to.getTime() - from.getTime()).toBe(24 * 3600 * 1000);
    expect(to.toISOString()).toBe('2027-01-01T05:00:00.000Z');
  });
  it('the Bogotá day of an instant', () => {
    expect(bogotaDay(new Date('2026-04-01T04:59:59Z'))).toBe('2026-03-31');
    expect(bogotaDay(new Date('2026-04-01T05:00:00Z'))).toBe('2026-04-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
  it('the default range is the last 30 days, today included', () => {
    expect(defaultRange(new Date('2026-03-30T03:00:00Z'))).toEqual({ desde: '2026-02-28', hasta: '2026-03-29' });
  });
  it("the dashboard's today and month start at Bogotá midnight", () => {
    const p = dashboardPeriods(new Date('2026-04-01T03:00:00Z')); // 31 March, 22:00 in Bogotá
    expect(p.today.toISOString()).toBe('2026-03-31T05:00:00.000Z');
    expect(p.month.toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(p.tomorrow.toISOString()).toBe('2026-04-01T05:00:00.000Z');
  });
  it('report days are real days between 2000 and 2100', () => {
    expect(isReportDay('2024-02-29')).toBe(true);
    expect(isReportDay('2023-02-29')).toBe(false);
    expect(isReportDay('1999-12-31')).toBe(false);
    expect(isReportDay('20250-01-01')).toBe(false);
    expect(isReportDay('2025-1-1')).toBe(false);
  });
  it('the CSV is named by query type and date', () => {
    expect(reportFileName('por_fecha', new Date('2026-04-01T03:00:00Z'))).toBe('reporte_por_fecha_2026-03-31.csv');
  });
});

const issues = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('report query validation (spec 3 §5)', () => {
  const U = '0b6f4a52-8d1e-4c1a-9f65-1f0a4c2b7d11';
  it('por_usuario needs a user', () => {
    expect(issues(reportQuerySchema.safeParse({ tipo: 'por_usuario' }))).toEqual([MSG.seleccionarUsuario]);
    expect(issues(reportQuerySchema.safeParse({ tipo: 'por_usuario', usuario: '' }))).toEqual([MSG.seleccionarUsuario]);
    expect(reportQuerySchema.safeParse({ tipo: 'por_usuario', usuario: U }).success).toBe(true);
  });
  it('por_fecha needs both dates; any type refuses one date alone or a reversed pair', () => {
    expect(issues(reportQuerySchema.safeParse({ tipo: 'por_fecha' }))).toEqual([MSG.seleccionarFechas]);
    expect(issues(reportQuerySchema.safeParse({ tipo: 'por_fecha', desde: '2026-01-01' }))).toEqual([
      MSG.seleccionarFechas,
    ]);
    expect(issues(reportQuerySchema.safeParse({ tipo: 'por_estado', hasta: '2026-01-01' }))).toEqual([
      MSG.seleccionarFechas,
    ]);
    expect(
      issues(reportQuerySchema.safeParse({ tipo: 'por_investigador', desde: '2026-02-01', hasta: '2026-01-01' })),
    ).toEqual([REPORT_TEXTS.fechasInvertidas]);
    expect(reportQuerySchema.safeParse({ tipo: 'por_fecha', desde: '2026-01-01', hasta: '2026-01-01' }).success).toBe(
      true,
    );
    expect(reportQuerySchema.safeParse({ tipo: 'por_estado' }).success).toBe(true);
  });
  it('wrong values get Spanish messages', () => {
    expect(issues(reportQuerySchema.safeParse({ tipo: 'todo' }))).toEqual([REPORT_TEXTS.tipoNoValido]);
    expect(
      issues(reportQuerySchema.safeParse({ tipo: 'por_fecha', desde: '2026-13-01', hasta: '2026-12-01' })),
    ).toEqual([REPORT_TEXTS.fechaNoValida]);
    expect(issues(reportQuerySchema.safeParse({ tipo: 'por_usuario', usuario: 'x' }))).toEqual([
      REPORT_TEXTS.usuarioNoValido,
    ]);
    expect(issues(reportQuerySchema.safeParse({ tipo: 'por_estado', estado: 'x'.repeat(61) }))).toEqual([
      MSG.estadoNoValido,
    ]);
    expect(issues(investigatorDetailQuerySchema.safeParse({ desde: '2026-02-01', hasta: '2026-01-01' }))).toEqual([
      REPORT_TEXTS.fechasInvertidas,
    ]);
    expect(statisticsQuerySchema.safeParse({}).success).toBe(true);
  });
});

describe('who reads reports (docs/decisions.md "Reports")', () => {
  const READERS: Cargo[] = [
    'Administrador',
    'Coordinador Contact Center',
    'Coordinador Investigador',
    'Coordinador Abogado',
    'Coordinador Abogado CAIT',
    'Coordinador Perito',
  ];
  it.each(CARGOS.map((c) => [c]))('%s', (cargo) => {
    const reads = READERS.includes(cargo);
    expect(can(cargo, 'reportes.read')).toBe(reads);
    expect(can(cargo, 'reportes.export')).toBe(reads);
    expect(menuFor(cargo).some((e) => e.path === '/consultas')).toBe(reads);
    expect(menuFor(cargo).some((e) => e.path === '/dashboard')).toBe(true);
  });
  it('statistics: oneself, or a user the viewer lists', () => {
    const me = { id: 'a', cargo: 'Investigador' as const };
    expect(mayReadStatistics(me, me)).toBe(true);
    expect(mayReadStatistics(me, { id: 'b', cargo: 'Investigador' })).toBe(false);
    expect(mayReadStatistics({ id: 'c', cargo: 'Coordinador Investigador' }, { id: 'b', cargo: 'Investigador' })).toBe(
      true,
    );
    expect(mayReadStatistics({ id: 'c', cargo: 'Coordinador Investigador' }, { id: 'b', cargo: 'Abogado' })).toBe(
      false,
    );
    expect(mayReadStatistics({ id: 'c', cargo: 'Administrador' }, { id: 'b', cargo: 'Perito' })).toBe(true);
  });
  it("the dashboard's agents: the cargos of the viewer's user-status list", () => {
    expect(dashboardAgentCargos('Coordinador Investigador')).toEqual(['Investigador', 'Dibujante']);
    expect(dashboardAgentCargos('Investigador')).toEqual([]);
    expect(dashboardAgentCargos('Administrador')).toEqual(CARGOS);
  });
});
