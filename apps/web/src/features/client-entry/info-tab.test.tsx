import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { LABELS, type ClientCase } from '@vialex/domain';
import { ClientInfoTab } from './info-tab';
import { arrived, clientCase, onTheWay } from './client-case-fixture';
import { renderWithApp } from '../../test/render';
import { fakeApi, json } from '../../test/fake-api';

const L = LABELS.cliente;
let answer: ClientCase;

beforeEach(() => {
  // Only Date: "today" in Bogotá is the arrival's day.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T20:00:00.000Z'));
  fakeApi(() => json(answer));
});
afterEach(() => vi.useRealTimers());

async function renderTab(c: ClientCase) {
  answer = c;
  renderWithApp(<ClientInfoTab />);
  return screen.findByTestId('client-info');
}
const row = (key: string) => screen.queryByTestId(`client-info-${key}`);

describe('the información tab', () => {
  it('on the way: the arrival time, and no arrived row beside it', async () => {
    const info = await renderTab(onTheWay());
    expect(row('llegadaInvestigador')).toHaveTextContent('En camino · 9 min (3,1 km)');
    expect(info).not.toHaveTextContent(/llegó/i);
    expect(info).not.toHaveTextContent('—');
  });

  it('arrived: "Llegó a las 10:42" instead of the time, never both', async () => {
    const info = await renderTab(arrived());
    expect(row('llegadaInvestigador')).toHaveTextContent(/^Llegó a las 10:42$/);
    expect(info).not.toHaveTextContent('9 min');
    expect(info).not.toHaveTextContent(/\b(Sí|No)\b/);
  });

  it('arrived another day: the date too', async () => {
    vi.setSystemTime(new Date('2026-03-04T12:00:00.000Z'));
    await renderTab(arrived());
    expect(row('llegadaInvestigador')).toHaveTextContent('Llegó el 02/03/2026 a las 10:42');
  });

  it('nobody assigned: no arrival row, sentences instead of dashes, no staff status', async () => {
    const info = await renderTab(clientCase({ estado: 'CHOQUE SIMPLE', placa: '', direccion: '' }));
    expect(row('llegadaInvestigador')).toBeNull();
    expect(row('tiempoLlegadaAbogado')).toBeNull();
    expect(row('investigador')).toHaveTextContent(L.sinAsignar);
    expect(row('placa')).toHaveTextContent(L.sinRegistrar);
    expect(row('direccion')).toHaveTextContent(L.sinRegistrar);
    expect(row('estado')).toHaveTextContent(L.estadoAbierto);
    expect(info).not.toHaveTextContent('—');
    expect(info).not.toHaveTextContent('CHOQUE SIMPLE');
  });

  it('a closed case reads "Cerrado"', async () => {
    await renderTab(
      clientCase({
        estado: 'Conciliado',
        seguimiento: { etapa: 'cerrado', investigador: null, minutos: null, aproximado: false },
      }),
    );
    expect(row('estado')).toHaveTextContent(L.estadoCerrado);
  });

  it("offers a call to the advisor with the company's number", async () => {
    await renderTab(clientCase());
    const call = screen.getByRole('link', { name: 'Llamar a mi asesor: +57 601 555 0100' });
    expect(call).toHaveAttribute('href', 'tel:+576015550100');
    expect(call).toHaveTextContent('+57 601 555 0100');
  });
});
