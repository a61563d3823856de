import type { ClientCase } from '@vialex/domain';

/** A driver's case as GET /api/cliente/caso answers it, for the tests of its screens. */
export const clientCase = (overrides: Partial<ClientCase> = {}): ClientCase => ({
  caso: 4521,
  estado: 'Verificado',
  placa: 'TAX123',
  ciudad: 'Bogotá D.C.',
  direccion: 'Calle 26 # 68-10',
  creado: '2026-03-02T15:04:00.000Z',
  abogado: null,
  investigador: null,
  tiempoLlegadaInvestigador: null,
  tiempoLlegadaAbogado: null,
  llegada: false,
  llegadaFecha: null,
  seguimiento: { etapa: 'buscando', investigador: null, minutos: null, aproximado: false },
  contacto: { telefono: '+57 601 555 0100', enlace: 'tel:+576015550100' },
  ...overrides,
});

/** On the way: Julián Pérez, 9 minutes by road (3,1 km). */
export const onTheWay = (overrides: Partial<ClientCase> = {}): ClientCase =>
  clientCase({
    investigador: 'Julián Pérez',
    tiempoLlegadaInvestigador: '9 min (3,1 km)',
    seguimiento: { etapa: 'enCamino', investigador: 'Julián', minutos: 9, aproximado: false },
    ...overrides,
  });

/** Arrived at 10:42 in Bogotá on 2 March 2026. */
export const arrived = (overrides: Partial<ClientCase> = {}): ClientCase =>
  clientCase({
    investigador: 'Julián Pérez',
    llegada: true,
    llegadaFecha: '2026-03-02T15:42:00.000Z',
    tiempoLlegadaInvestigador: '9 min (3,1 km)',
    seguimiento: { etapa: 'llego', investigador: 'Julián', minutos: null, aproximado: false },
    ...overrides,
  });
