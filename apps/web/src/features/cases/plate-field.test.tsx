import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { PLATE_DEBOUNCE_MS, PlateField, PlateLookupResult, usePlateLookupState } from './plate-field';
import { LABELS, FEEDBACK, MSG } from '@vialex/domain';
import { renderWithApp } from '../../test/render';
import { fakeApi, json } from '../../test/fake-api';

const answer = {
  placa: 'TAX123',
  encontrado: true,
  vehiculo: {
    clase: 'AUTOMÓVIL',
    carroceria: 'SEDAN',
    marca: 'HYUNDAI',
    linea: 'ATOS',
    modelo: '2019',
    servicio: 'PÚBLICO',
  },
  fuente: 'Tecnicar',
  tipo_plan: 'RC PUBLICO',
  origen: 'Tecnicar',
  vigente: true,
  polizas: [],
  propietario: null,
  mensajes: ['Vehículo con póliza en tecnicar'],
  servicios: [
    { fuente: 'Tecnicar', resultado: 'encontrado' },
    { fuente: 'SEGURO TERCERO', resultado: 'sinRegistro' },
  ],
};

function Field() {
  const [value, setValue] = useState('');
  const lookup = usePlateLookupState(value);
  return (
    <>
      <PlateField value={value} onChange={setValue} lookup={lookup} />
      <PlateLookupResult lookup={lookup} />
    </>
  );
}

describe('PlateField', () => {
  it('looks the plate up only once it is longer than 5 characters, then shows the plan and the messages', async () => {
    const api = fakeApi(() => json(answer));
    renderWithApp(<Field />);
    const input = screen.getByRole('textbox', { name: new RegExp(LABELS.casos.placa) });

    // Five characters: once the typing pause has passed (on a fake clock), still no look-up.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(input, { target: { value: 'tax12' } });
      expect(input).toHaveValue('TAX12');
      act(() => vi.advanceTimersByTime(PLATE_DEBOUNCE_MS * 2));
      expect(api.calls).toEqual([]);
      expect(screen.queryByTestId('plate-lookup-spinner')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }

    fireEvent.change(input, { target: { value: 'tax123' } });
    expect(screen.getByTestId('plate-lookup-spinner')).toBeInTheDocument();
    // Labelled progress while the services are asked.
    expect(screen.getByRole('status')).toHaveTextContent(FEEDBACK.consultandoPoliza);
    // Each service named on the line its answer will take, so the answer moves nothing.
    expect(screen.getAllByTestId('plate-service-pending').map((l) => l.textContent)).toEqual([
      FEEDBACK.servicios.Tecnicar,
      FEEDBACK.servicios['SEGURO TERCERO'],
    ]);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0].url).toBe('/api/casos/consulta-placa?placa=TAX123');
    expect(await screen.findByTestId('plate-plan')).toHaveTextContent('RC PUBLICO');
    expect(screen.queryByText(FEEDBACK.consultandoPoliza)).not.toBeInTheDocument();
    expect(screen.queryByTestId('plate-service-pending')).not.toBeInTheDocument();
    // Each service's answer on its own line.
    expect(screen.getAllByTestId('plate-service').map((l) => l.textContent)).toEqual([
      `Tecnicar${MSG.vehiculoConPolizaTecnicar}`,
      `Hub de aseguradoras${FEEDBACK.hubSinRegistro}`,
    ]);
    expect(screen.queryByTestId('plate-expired')).not.toBeInTheDocument();
  });

  it('an expired policy keeps its plan but says when it ended', async () => {
    const expired = {
      ...answer,
      placa: 'EXP789',
      fuente: 'SEGURO TERCERO',
      tipo_plan: 'SEGURO TERCERO',
      origen: 'Vialex',
      vigente: false,
      polizas: [
        {
          fuente: 'SEGURO TERCERO',
          nombre_producto: 'SEGURO TERCERO',
          polizas: 'ST-1',
          fechaIni: '2023-01-01T05:00:00.000Z',
          fechaFin: '2024-01-01T17:00:00.000Z',
        },
      ],
    };
    fakeApi(() => json(expired));
    renderWithApp(<Field />);
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(LABELS.casos.placa) }), {
      target: { value: 'exp789' },
    });
    expect(await screen.findByTestId('plate-plan')).toHaveTextContent('SEGURO TERCERO');
    expect(screen.getByTestId('plate-expired')).toHaveTextContent('Póliza vencida el 01/01/2024');
  });

  it('services that did not answer say so, each on its own line', async () => {
    const down = {
      ...answer,
      placa: 'CAIDO1',
      encontrado: false,
      fuente: 'Vialex',
      tipo_plan: 'SIN PLAN',
      origen: 'Vialex',
      vigente: false,
      servicios: [
        { fuente: 'Tecnicar', resultado: 'noDisponible' },
        { fuente: 'SEGURO TERCERO', resultado: 'noDisponible' },
      ],
    };
    fakeApi(() => json(down));
    renderWithApp(<Field />);
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(LABELS.casos.placa) }), {
      target: { value: 'caido1' },
    });
    expect(await screen.findByTestId('plate-plan')).toHaveTextContent('SIN PLAN');
    const lines = screen.getAllByTestId('plate-service');
    expect(lines.map((l) => [l.dataset.service, l.dataset.result, l.textContent])).toEqual([
      ['Tecnicar', 'noDisponible', `Tecnicar${FEEDBACK.servicioNoResponde}`],
      ['SEGURO TERCERO', 'noDisponible', `Hub de aseguradoras${MSG.servicioPlanNoDisponible}`],
    ]);
  });
});
