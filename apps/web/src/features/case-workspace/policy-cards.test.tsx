import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { PolicyCard } from '@vialex/domain';
import { PolicyCards } from './policy-cards';

const card = (over: Partial<PolicyCard>): PolicyCard =>
  ({
    id: 'p1',
    fuente: 'Tecnicar',
    nombre_producto: 'RC PUBLICO',
    polizas: 'TEC-100200',
    fechaIni: '2026-01-01T05:00:00Z',
    fechaFin: '2027-01-01T04:59:59Z',
    deducible: '',
    docliente: '',
    cliente: 'CARLOS RAMÍREZ TORRES',
    empresa: 'SEGUROS DEL ESTADO',
    ramo: 'AUTOS',
    estado: 'VIGENTE',
    vencida: false,
    ...over,
  }) as PolicyCard;

describe('PolicyCards', () => {
  it("writes a policy's days as DD/MM/YYYY in Bogotá, and a dash for a day the service did not give", () => {
    const { rerender } = render(<PolicyCards polizas={[card({})]} />);
    expect(screen.getByTestId('policy-card')).toHaveTextContent('01/01/2026 – 31/12/2026');
    rerender(<PolicyCards polizas={[card({ fechaIni: null })]} />);
    expect(screen.getByTestId('policy-card')).toHaveTextContent('— – 31/12/2026');
  });
});
