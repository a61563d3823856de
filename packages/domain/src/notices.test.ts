import { describe, expect, it } from 'vitest';
import {
  CARGOS,
  MSG,
  NOTICE_BODY_MAX,
  NOTICE_EVENTS,
  TYPED_NOTICE_EVENTS,
  composeNotice,
  noticeAudience,
  noticeRule,
  type Cargo,
  type NoticeAudience,
  type NoticeEvent,
} from './index.js';

const audience = (
  cargos: Cargo[],
  caseAgents: NoticeAudience['caseAgents'] = [],
  extra: Partial<NoticeAudience> = {},
): NoticeAudience => ({ cargos, caseAgents, inCaseCity: false, named: false, ...extra });

const ID = '0b6f7c1e-5d0a-4c55-9f7e-2f1e3c4d5a6b';
const CASE_LINK = `/gestionar-caso/${ID}/chat`;
const vars = { id: ID, caso: 42, nombre: 'Ana Pérez', ciudad: 'BOGOTÁ D.C.' };

describe('the table has a row for every event', () => {
  it.each(NOTICE_EVENTS)('%s: momento, title, body and link are filled in, nothing left as a placeholder', (event) => {
    const tipos: (Cargo | undefined)[] = TYPED_NOTICE_EVENTS.includes(event) ? [...CARGOS] : [undefined];
    for (const tipo of tipos) {
      const n = composeNotice(event, {
        ...vars,
        tipo,
        cargo: tipo ?? 'Investigador',
        estado: 'CERRADO',
        n: 2,
        texto: 'Hola',
        tab: 'chat',
        minutos: 15,
        mensaje: 'sin conexión',
      });
      for (const text of [n.momento, n.titulo, n.cuerpo, n.url]) {
        expect(text, `${event} ${tipo}`).toBeTruthy();
        expect(text, `${event} ${tipo}`).not.toMatch(/[{}]/);
      }
      expect(n.url.startsWith('/')).toBe(true);
    }
  });
});

describe('a new case: NUEVO CASO once, to who may open it in its city (spec 2 §7, spec 3 §4, §7)', () => {
  it('caseCreated: administrators, lawyers (their list holds unassigned cases) and the investigators’ coordinator', () => {
    expect(noticeAudience('caseCreated')).toEqual(
      audience(['Administrador', 'Coordinador Investigador', 'Abogado'], [], { inCaseCity: true }),
    );
    expect(composeNotice('caseCreated', vars)).toMatchObject({
      momento: MSG.momentoCreacionCaso,
      // The spec's title and body, with the case number beside them.
      titulo: 'NUEVO CASO · Caso # 42',
      cuerpo: 'CASO CREADO EN LA CIUDAD DE BOGOTÁ D.C.',
      url: CASE_LINK,
      collapse: false,
    });
  });

  it('clientEntered: not a second NUEVO CASO — who works the case hears the client came in', () => {
    expect(noticeAudience('clientEntered')).toEqual(
      audience(['Coordinador Investigador'], ['uidinvestigador', 'uidabogado', 'uidcontactcenter']),
    );
    expect(composeNotice('clientEntered', vars)).toMatchObject({
      momento: MSG.momentoIngresoCliente,
      titulo: MSG.clienteEnCasoTitulo,
      cuerpo: 'Caso # 42: el cliente ingresó y compartió su ubicación',
      url: CASE_LINK,
    });
  });
});

describe('an assignment, type by type (spec 2 §6): the agent assigned too', () => {
  const EXPECTED: Partial<Record<Cargo, NoticeAudience>> = {
    Abogado: audience(['Administrador', 'Coordinador Contact Center', 'Coordinador Abogado']),
    Investigador: audience(['Administrador', 'Coordinador Contact Center']),
    Dibujante: audience(['Administrador', 'Coordinador Contact Center']),
    'Abogado CAIT': audience(['Administrador']),
    'Call Center': audience(['Administrador']),
    // "Investigador" is the case's own investigator, not every investigator.
    Perito: audience(['Administrador', 'Coordinador Investigador'], ['uidinvestigador']),
  };
  it.each(CARGOS)('%s', (tipo) => {
    const expected = EXPECTED[tipo] ?? audience([]);
    expect(noticeAudience('agentAssigned', tipo)).toEqual({ ...expected, named: true });
    expect(composeNotice('agentAssigned', { ...vars, tipo, cargo: tipo })).toMatchObject({
      momento: 'Asignación de caso',
      titulo: 'CASO ASIGNADO',
      cuerpo: `Caso # 42: ${tipo} Ana Pérez`,
      url: CASE_LINK,
    });
  });
});

describe('a request, type by type: Administrador, the contact centre and the type’s coordinator', () => {
  const EXPECTED: Partial<Record<Cargo, Cargo[]>> = {
    Abogado: ['Administrador', 'Coordinador Contact Center', 'Coordinador Abogado'],
    'Abogado CAIT': ['Administrador', 'Coordinador Contact Center', 'Coordinador Abogado CAIT'],
    Investigador: ['Administrador', 'Coordinador Contact Center', 'Coordinador Investigador'],
    Perito: ['Administrador', 'Coordinador Contact Center', 'Coordinador Perito'],
    Dibujante: ['Administrador', 'Coordinador Contact Center', 'Coordinador Investigador'],
  };
  it.each(CARGOS)('%s', (tipo) => {
    expect(noticeAudience('agentRequested', tipo)).toEqual(audience(EXPECTED[tipo] ?? ['Administrador']));
    expect(composeNotice('agentRequested', { ...vars, tipo })).toMatchObject({
      momento: `Solicitud de ${tipo}`,
      titulo: `SOLICITUD DE ${tipo.toUpperCase()}`,
      cuerpo: `Caso # 42: se solicita ${tipo}`,
      url: CASE_LINK,
    });
  });
});

describe('a take and a release: coordinators and the case’s contact-centre user', () => {
  const EXPECTED: Partial<Record<Cargo, Cargo[]>> = {
    Investigador: ['Administrador', 'Coordinador Contact Center', 'Coordinador Investigador'],
    Abogado: ['Administrador', 'Coordinador Contact Center', 'Coordinador Abogado'],
    Dibujante: ['Administrador', 'Coordinador Contact Center', 'Coordinador Investigador'],
  };
  it.each(CARGOS)('%s', (cargo) => {
    const expected = EXPECTED[cargo];
    const desk = expected ? audience(expected, ['uidcontactcenter']) : audience([]);
    // A take tells the client too (spec 2 §4), on their phone; a release does not.
    expect(noticeAudience('caseTaken', cargo)).toEqual({ ...desk, client: true });
    expect(noticeAudience('caseReleased', cargo)).toEqual(desk);
    expect(composeNotice('caseTaken', { ...vars, tipo: cargo, cargo })).toMatchObject({
      momento: 'Caso tomado',
      titulo: 'CASO ASIGNADO',
      cuerpo: `Caso # 42: ${cargo} Ana Pérez`,
      url: CASE_LINK,
    });
    expect(composeNotice('caseReleased', { ...vars, tipo: cargo, cargo })).toMatchObject({
      momento: 'Caso liberado',
      titulo: 'CASO LIBERADO',
      cuerpo: `Caso # 42: ${cargo} Ana Pérez libera el caso`,
      url: CASE_LINK,
    });
  });
});

describe('the rest of the table, row by row', () => {
  it.each<[NoticeEvent, NoticeAudience, Partial<ReturnType<typeof composeNotice>>]>([
    [
      'arrival',
      audience(
        ['Administrador', 'Coordinador Investigador', 'Coordinador Contact Center'],
        ['uidabogado', 'uidcontactcenter'],
      ),
      {
        momento: 'Llegada al sitio',
        titulo: 'Llegada al sitio',
        cuerpo: 'El investigador llegó al sitio del caso # 42',
      },
    ],
    [
      'chatMessage',
      audience([], [], { named: true }),
      {
        momento: 'Mensaje Chat',
        // The case and the room beside the spec's title.
        titulo: 'Mensaje Chat · Caso # 42 · Sala del perito',
        cuerpo: 'Hola {caso}',
        url: `/gestionar-caso/${ID}/chat_perito`,
      },
    ],
    [
      'firstDronePhoto',
      audience(['Administrador', 'Coordinador Investigador'], ['uidabogado', 'uidcontactcenter']),
      {
        momento: 'Carga de primera foto',
        titulo: 'Carga de primera foto',
        cuerpo: 'Caso # 42: primera carga de fotos de dron (2)',
      },
    ],
    [
      'caseClosed',
      audience(
        ['Administrador', 'Coordinador Contact Center'],
        ['uidabogado', 'uidabogadocait', 'uidcontactcenter', 'uidinvestigador', 'uidperito', 'uiddibujante'],
      ),
      { momento: 'Cierre de caso', titulo: 'Cierre de caso', cuerpo: 'Caso # 42: CERRADO' },
    ],
    [
      'attentionRequested',
      audience(['Administrador', 'Coordinador Contact Center']),
      {
        momento: 'Solicitud de asistencia especial',
        titulo: 'ASISTENCIA ESPECIAL',
        cuerpo: 'Caso # 42: se solicita aprobación',
      },
    ],
    [
      'attentionAuthorized',
      audience(['Administrador', 'Coordinador Contact Center'], ['uidcontactcenter']),
      {
        momento: 'Asistencia especial autorizada',
        titulo: 'ASISTENCIA ESPECIAL',
        cuerpo: 'Caso # 42: asistencia especial autorizada',
      },
    ],
    [
      'exportFinished',
      audience([], [], { named: true }),
      {
        momento: 'Exportación finalizada',
        titulo: 'EXPORTACIÓN FINALIZADA',
        cuerpo: 'Caso # 42: archivos exportados por SFTP',
        url: '/exportaciones',
      },
    ],
    [
      'exportFailed',
      audience(['Administrador'], [], { named: true }),
      {
        momento: 'Error de exportación',
        titulo: 'EXPORTACIÓN FALLIDA',
        cuerpo: 'Caso # 42: sin conexión',
        url: '/exportaciones',
      },
    ],
    [
      'noInvestigator',
      audience(['Administrador', 'Coordinador Investigador', 'Coordinador Contact Center']),
      { momento: 'Caso sin investigador', titulo: 'Caso sin investigador' },
    ],
    [
      'investigatorStalled',
      audience(['Administrador', 'Coordinador Investigador', 'Coordinador Contact Center']),
      { momento: 'Investigador sin avance', titulo: 'Investigador sin avance' },
    ],
  ])('%s', (event, who, text) => {
    expect(noticeAudience(event)).toEqual(who);
    const n = composeNotice(event, {
      ...vars,
      estado: 'CERRADO',
      n: 2,
      texto: 'Hola {caso}',
      tab: 'chat_perito',
      mensaje: 'sin conexión',
    });
    expect(n).toMatchObject({ url: CASE_LINK, ...text });
  });

  it('only chat messages collapse (one unread notice per room and recipient)', () => {
    for (const event of NOTICE_EVENTS) expect(noticeRule(event, 'Abogado').collapse).toBe(event === 'chatMessage');
  });

  it('a long chat message is cut to the body’s length', () => {
    const n = composeNotice('chatMessage', { ...vars, tab: 'chat', texto: 'x'.repeat(1000) });
    expect(n.cuerpo).toHaveLength(NOTICE_BODY_MAX);
    expect(n.cuerpo.endsWith('…')).toBe(true);
  });
});
