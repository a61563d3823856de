import { describe, expect, it } from 'vitest';
import {
  DISPONIBILIDAD,
  MSG,
  availabilityForOpenCases,
  changePasswordSchema,
  clientSchema,
  createUserSchema,
  fmt,
  isClosedStatus,
  isManualDisponibilidad,
  isOpenCase,
  loginSchema,
  normalizeDisponibilidad,
  normalizeEstadoCaso,
  passwordPair,
  PASSWORD_MIN_LENGTH,
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
    expect(isManualDisponibilidad('Activo múltiple')).toBe(false);
  });
  it('open cases decide busy values', () => {
    expect(availabilityForOpenCases(2, 'Activo en espera')).toBe('Activo múltiple');
    expect(availabilityForOpenCases(1, 'Activo múltiple')).toBe('Activo ocupado');
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
      'password: Contraseña es requerida',
    ]);
    expect(messagesOf(loginSchema.safeParse({ email: 'a@', password: 'x' }))).toEqual([
      'email: Correo electrónico no es válido',
    ]);
    expect(loginSchema.parse({ email: ' Ana@Vialex.Test ', password: 'x' }).email).toBe('ana@vialex.test');
  });
  it('password rules', () => {
    const current = 'Actual2026*';
    expect(
      messagesOf(
        changePasswordSchema.safeParse({ currentPassword: current, password: 'Abcd12!x', confirmPassword: 'Abcd12!y' }),
      ),
    ).toEqual(['confirmPassword: Las contraseñas no coinciden']);
    expect(
      changePasswordSchema.safeParse({ currentPassword: current, password: 'Abcd12!x', confirmPassword: 'Abcd12!x' })
        .success,
    ).toBe(true);
    expect(
      messagesOf(
        changePasswordSchema.safeParse({ currentPassword: current, password: 'Ab1!', confirmPassword: 'Ab1!' }),
      ),
    ).toEqual([`password: ${fmt(MSG.passMinimo, { min: 8 })}`]);
  });
  it("changing one's own password asks for the current one", () => {
    expect(
      messagesOf(
        changePasswordSchema.safeParse({ currentPassword: '', password: 'Abcd12!x', confirmPassword: 'Abcd12!x' }),
      ),
    ).toEqual([`currentPassword: ${MSG.campoRequerido}`]);
    expect(messagesOf(changePasswordSchema.safeParse({ password: 'Abcd12!x', confirmPassword: 'Abcd12!x' }))).toEqual([
      `currentPassword: ${MSG.campoRequerido}`,
    ]);
  });
  it('client form uppercases and trims, and wants integers', () => {
    const ok = clientSchema.parse({
      nombres: '  ana maría ',
      apellidos: 'pérez',
      tipoidentificacion: 'CC',
      identificacion: '52123456',
      telefono: 3001234567,
      ciudad: '11001',
      direccion: ' calle 1 # 2-3 ',
    });
    expect(ok).toMatchObject({
      nombres: 'ANA MARÍA',
      apellidos: 'PÉREZ',
      identificacion: 52123456,
      telefono: 3001234567,
      direccion: 'CALLE 1 # 2-3',
    });
    const bad = clientSchema.safeParse({
      nombres: ' ',
      apellidos: 'x',
      tipoidentificacion: 'CC',
      identificacion: '12a',
      telefono: '',
      ciudad: '11001',
      direccion: 'x',
    });
    expect(messagesOf(bad)).toEqual([
      `nombres: ${MSG.campoRequerido}`,
      `identificacion: ${MSG.debeSerNumero}`,
      `telefono: ${MSG.campoRequerido}`,
    ]);
  });
  it('user creation needs a strong, confirmed password', () => {
    const base = {
      nombres: 'a',
      apellidos: 'b',
      identificacion: 1,
      telefono: 2,
      email: 'a@b.co',
      cargo: 'Perito',
      area: 'PERITAJE',
    };
    expect(createUserSchema.safeParse({ ...base, password: 'Abcd12!x', confirmPassword: 'Abcd12!x' }).success).toBe(
      true,
    );
    expect(
      messagesOf(createUserSchema.safeParse({ ...base, cargo: 'Jefe', password: 'abc', confirmPassword: 'abc' })),
    ).toEqual(expect.arrayContaining([`cargo: ${MSG.campoRequerido}`]));
  });
});

describe('password mismatch shows with the other errors', () => {
  it('createUserSchema reports the mismatch even when other fields are wrong', () => {
    const r = createUserSchema.safeParse({
      nombres: '',
      apellidos: 'b',
      identificacion: 1,
      telefono: 2,
      email: 'a@b.co',
      cargo: 'Perito',
      area: 'X',
      password: 'Abcd12!x',
      confirmPassword: 'Abcd12!y',
    });
    expect(messagesOf(r)).toEqual(
      expect.arrayContaining(['nombres: Este campo es requerido', 'confirmPassword: Las contraseñas no coinciden']),
    );
  });
});

describe('password rules, row by row (spec 1 §5 + decisions.md D19)', () => {
  const ok = [] as string[];
  it.each([
    // [password, the messages it gets]
    ['Vialex2026*', ok],
    ['Clave2026*', ok],
    ['Abcde1!x', ok], // exactly 8
    ['Abcd1!x', [fmt(MSG.passMinimo, { min: 8 })]], // 7
    ['', [MSG.campoRequerido]],
    ['abcdefg1!', [MSG.passMayuscula]],
    ['ABCDEFG1!', [MSG.passMinuscula]],
    ['Abcdefgh!', [MSG.passNumero]],
    ['Abcdefgh1', [MSG.passEspecial]],
    ['Abcdefgh1-', [MSG.passEspecial]], // '-' is not one of $ @ ! % * # ? &
    // Accented capitals and lower-case letters count as such.
    ['Ñandú2026*', ok],
    ['ángel2026*', [MSG.passMayuscula]],
    ['ÁNGEL2026*', [MSG.passMinuscula]],
    ['ÁRBOLé2026*', ok],
    ['ñandu2026*', [MSG.passMayuscula]],
    ['ÑANDÉ2026*', [MSG.passMinuscula]],
    ['ÑANDé2026*', ok],
    ['12345678', [MSG.passMayuscula, MSG.passMinuscula, MSG.passEspecial]],
    ['A'.repeat(120) + 'a1!' + 'x'.repeat(10), [fmt(MSG.textoMuyLargo, { max: 128 })]],
  ] as const)('%j', (password, messages) => {
    const r = passwordPair.safeParse({ password, confirmPassword: password || 'x' });
    expect(messagesOf(r).filter((m) => m.startsWith('password:'))).toEqual(messages.map((m) => `password: ${m}`));
  });
  it('every password form has the same rules', () => {
    const base = {
      nombres: 'a',
      apellidos: 'b',
      identificacion: 1,
      telefono: 2,
      email: 'a@b.co',
      cargo: 'Perito',
      area: 'PERITAJE',
    };
    for (const password of ['Abcd1!x', 'ángel2026*']) {
      expect(createUserSchema.safeParse({ ...base, password, confirmPassword: password }).success, password).toBe(
        false,
      );
      expect(
        changePasswordSchema.safeParse({ currentPassword: 'x', password, confirmPassword: password }).success,
        password,
      ).toBe(false);
      expect(passwordPair.safeParse({ password, confirmPassword: password }).success, password).toBe(false);
    }
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });
});
