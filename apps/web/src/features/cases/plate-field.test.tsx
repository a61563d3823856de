import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client';
import { PLATE_DEBOUNCE_MS, PlateField, PlateLookupResult, usePlateLookupState } from './plate-field';
import { CASE_TEXTS } from './texts';

const answer = {
  placa: 'TAX123',
  encontrado: true,
  vehiculo: { clase: 'AUTOMÓVIL', carroceria: 'SEDAN', marca: 'HYUNDAI', linea: 'ATOS', modelo: '2019', servicio: 'PÚBLICO' },
  fuente: 'Tecnicar',
  tipo_plan: 'RC PUBLICO',
  origen: 'Tecnicar',
  vigente: true,
  polizas: [],
  propietario: null,
  mensajes: ['Vehículo con póliza en tecnicar'],
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

function Harness() {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <Field />
    </QueryClientProvider>
  );
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(() => vi.unstubAllGlobals());

describe('PlateField', () => {
  it('looks the plate up only once it is longer than 5 characters, then shows the plan and the messages', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: new RegExp(CASE_TEXTS.placa) });

    fireEvent.change(input, { target: { value: 'tax12' } });
    expect(input).toHaveValue('TAX12');
    await wait(PLATE_DEBOUNCE_MS + 200);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByTestId('plate-lookup-spinner')).not.toBeInTheDocument();

    fireEvent.change(input, { target: { value: 'tax123' } });
    expect(screen.getByTestId('plate-lookup-spinner')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/casos/consulta-placa?placa=TAX123');
    expect(await screen.findByTestId('plate-plan')).toHaveTextContent('RC PUBLICO');
    expect(screen.getByText('Vehículo con póliza en tecnicar')).toBeInTheDocument();
  });
});
