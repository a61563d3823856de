import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { LABELS, MSG, type ClientCase } from '@vialex/domain';
import { ClientStatusCard } from './status-card';
import { clientCaseKey } from './client-queries';
import { arrived, clientCase, onTheWay } from './client-case-fixture';
import { renderWithApp } from '../../test/render';
import { fakeApi, json } from '../../test/fake-api';

const S = LABELS.cliente.seguimiento;
let answer: ClientCase;
let queryClient: QueryClient;

beforeEach(() => {
  answer = clientCase();
  fakeApi({ 'GET /api/cliente/caso': () => json(answer) });
});

function renderCard() {
  ({ queryClient } = renderWithApp(<ClientStatusCard />));
}
const title = () => screen.getByTestId('client-status-title');
const detail = () => screen.getByTestId('client-status-detail');
const shown = async (text: string) => waitFor(() => expect(title()).toHaveTextContent(text));

describe('the status card', () => {
  it('no investigator yet: looking for one, and a button to call the advisor', async () => {
    renderCard();
    await shown(S.buscando);
    expect(detail()).toHaveTextContent(S.buscandoDetalle);
    const call = screen.getByRole('link', { name: 'Llamar a mi asesor: +57 601 555 0100' });
    expect(call).toHaveAttribute('href', 'tel:+576015550100');
    expect(call).toHaveTextContent(LABELS.cliente.llamar);
  });

  it('nobody free: says what happens next, and stays (it is no toast)', async () => {
    answer = clientCase({
      seguimiento: { etapa: 'sinDisponibles', investigador: null, minutos: null, aproximado: false },
    });
    renderCard();
    await shown(MSG.noHayInvestigadores);
    expect(detail()).toHaveTextContent('Un asesor le asignará un investigador en breve; le avisaremos aquí.');
  });

  it('on the way: the first name and the minutes the map computes, nothing more of the staff member', async () => {
    answer = onTheWay();
    renderCard();
    await shown('Julián va en camino · 9 min');
    expect(screen.getByTestId('client-status')).not.toHaveTextContent('Pérez');
    expect(detail()).toHaveTextContent(S.enCaminoDetalle);
  });

  it('on the way: an estimate says so; no time yet, no number', async () => {
    answer = onTheWay({ seguimiento: { etapa: 'enCamino', investigador: 'Julián', minutos: 12, aproximado: true } });
    renderCard();
    await shown('Julián va en camino · 12 min aprox.');
    answer = onTheWay({ seguimiento: { etapa: 'enCamino', investigador: 'Julián', minutos: null, aproximado: false } });
    await queryClient.invalidateQueries({ queryKey: clientCaseKey });
    await waitFor(() => expect(title()).toHaveTextContent(/^Julián va en camino$/));
  });

  it('on the way for over an hour: the hours as the Información tab writes the trip, on one line', async () => {
    answer = onTheWay({ seguimiento: { etapa: 'enCamino', investigador: 'Julián', minutos: 65, aproximado: false } });
    renderCard();
    await shown('Julián va en camino · 1 h 5 min');
    expect(title().textContent).toBe('Julián va en camino\u00a0·\u00a01\u00a0h\u00a05\u00a0min');
  });

  it('arrived: with the time in Bogotá', async () => {
    answer = arrived();
    renderCard();
    await shown('Julián llegó a las 10:42');
    expect(detail()).toHaveTextContent(S.llegoDetalle);
  });

  it('follows the case: a change read again moves it from looking to on the way to arrived', async () => {
    renderCard();
    await shown(S.buscando);
    answer = onTheWay();
    await queryClient.invalidateQueries({ queryKey: clientCaseKey });
    await shown('Julián va en camino · 9 min');
    answer = arrived();
    await queryClient.invalidateQueries({ queryKey: clientCaseKey });
    await shown('Julián llegó a las 10:42');
  });

  it('a closed case says so', async () => {
    answer = clientCase({
      estado: 'Conciliado',
      seguimiento: { etapa: 'cerrado', investigador: null, minutos: null, aproximado: false },
    });
    renderCard();
    await shown(S.cerrado);
  });
});
