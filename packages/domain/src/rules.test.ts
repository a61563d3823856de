import { describe, expect, it } from 'vitest';
import {
  DISPONIBILIDAD, MSG, availabilityForOpenCases, changePasswordSchema, clientSchema, createUserSchema, fmt, isClosedStatus,
  isManualDisponibilidad, isOpenCase, loginSchema, normalizeDisponibilidad, normalizeEstadoCaso,
} from './index.js';

const messagesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('availability rules', () => {
  it('empty or unknown means off-shift', () => {
    expect(normalizeDisponibilidad('')).toBe(DISPONIBILIDAD.fueraDeHorario);
    expect(normalizeDisponibilidad(undefined)).toBe(DISPONIBILIDAD.fueraDeHorario);
    expect(normalizeDisponibilidad('Activo ocupado')).toBe('Activo ocupado');
  });
  it('only off-shift and free are manual', () => {
    expect(isManualDisponibilidad('Fuera de su horario laboral')).toBe(true);
    expect(isManualDisponibilidad('Activo en espera')).toBe(true);
    expect(isManualDisponibilidad('Activo ocupado')).toBe(false);
    expect(isManualDisponibilidad('Activo multiple')).toBe(false);
  });
  it('open cases decide busy values', () => {
    expect(availabilityForOpenCases(2, 'Activo en espera')).toBe('Activo multiple');
    expect(availabilityForOpenCases(1, 'Activo multiple')).toBe('Activo ocupado');
    expect(availabilityForOpenCases(0, 'Activo ocupado')).toBe('Activo en espera');
    expect(availabilityForOpenCases(0, 'Fuera de su horario laboral')).toBe('Fuera de su horario laboral');
  });
});

describe('case status groups', () => {
  it('missing status is Recibido; closing group', () => {
    expect(normalizeEstadoCaso(null)).toBe('Recibido');
    for (const s of ['Cancelado', 'No conciliado', 'Conciliado', 'CERRADO']) expect(isClosedStatus(s)).toBe(true);
    expect(isClosedStatus('Verificado')).toBe(false);
    expect(isOpenCase({ archivado: false, estado: 'Asignado' })).toBe(true);
    expect(isOpenCase({ archivado: true, estado: 'Asignado' })).toBe(false);
    expect(isOpenCase({ archivado: false, estado: 'CERRADO' })).toBe(false);
  });
});

describe('form schemas', () => {
  it('login messages', () => {
    expect(messagesOf(loginSchema.safeParse({ email: '', password: '' }))).toEqual([
      `email: ${MSG.correoRequerido}`,
      'password: Contraseńa es requerida',
    ]);
    expect(messagesOf(loginSchema.safeParse({ email: 'a@', password: 'x' }))).toEqual(['email: Correo electrónico no es valido']);
    expect(loginSchema.parse({ email: ' Ana@Vialex.Test ', password: 'x' }).email).toBe('ana@vialex.test');
  });
  it('password rules', () => {
    expect(messagesOf(changePasswordSchema.safeParse({ password: 'Abc12!', confirmPassword: 'Abc12?' }))).toEqual([
      'confirmPassword: Las contraseñas no coinciden',
    ]);
    expect(changePasswordSchema.safeParse({ password: 'Abc12!', confirmPassword: 'Abc12!' }).success).toBe(true);
    expect(messagesOf(changePasswordSchema.safeParse({ password: 'Ab1!', confirmPassword: 'Ab1!' }))).toEqual([
      `password: ${fmt(MSG.passMinimo, { min: 6 })}`,
    ]);
  });
  it('client form uppercases and trims, and wants integers', () => {
    const ok = clientSchema.parse({
      nombres: '  ana maría ', apellidos: 'pérez', tipoidentificacion: 'CC', identificacion: '52123456', telefono: 3001234567,
      ciudad: '11001', direccion: ' calle 1 # 2-3 ',
    });
    expect(ok).toMatchObject({ nombres: 'ANA MARÍA', apellidos: 'PÉREZ', identificacion: 52123456, telefono: 3001234567, direccion: 'CALLE 1 # 2-3' });
    const bad = clientSchema.safeParse({ nombres: ' ', apellidos: 'x', tipoidentificacion: 'CC', identificacion: '12a', telefono: '', ciudad: '11001', direccion: 'x' });
    expect(messagesOf(bad)).toEqual([`nombres: ${MSG.campoRequerido}`, `identificacion: ${MSG.debeSerNumero}`, `telefono: ${MSG.campoRequerido}`]);
  });
  it('user creation needs a strong, confirmed password', () => {
    const base = { nombres: 'a', apellidos: 'b', identificacion: 1, telefono: 2, email: 'a@b.co', cargo: 'Perito', area: 'PERITAJE' };
    expect(createUserSchema.safeParse({ ...base, password: 'Abc12!', confirmPassword: 'Abc12!' }).success).toBe(true);
    expect(messagesOf(createUserSchema.safeParse({ ...base, cargo: 'Jefe', password: 'abc', confirmPassword: 'abc' }))).toEqual(
      expect.arrayContaining([`cargo: ${MSG.campoRequerido}`]),
    );
  });
});

describe('password mismatch shows with the other errors', () => {
  it('createUserSchema reports the mismatch even when other fields are wrong', () => {
    const r = createUserSchema.safeParse({ nombres: '', apellidos: 'b', identificacion: 1, telefono: 2, email: 'a@b.co', cargo: 'Perito', area: 'X', password: 'Abc12!', confirmPassword: 'Abc12?' });
    expect(messagesOf(r)).toEqual(expect.arrayContaining(['nombres: Este campo es requerido', 'confirmPassword: Las contraseñas no coinciden']));
  });
});
