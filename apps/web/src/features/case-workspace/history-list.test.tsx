import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { HistoryEntry } from '@vialex/domain';
import { HistoryList } from './history-list';

const entry = (over: Partial<HistoryEntry>): HistoryEntry =>
  ({
    id: 'h1',
    numero: 1,
    fechahora: '2026-11-28T04:41:07Z',
    descripcion: 'Llegada al sitio',
    estado: null,
    creador: null,
    archivo: null,
    nombreArchivo: null,
    ...over,
  }) as HistoryEntry;

describe('HistoryList', () => {
  it('dates each entry as a record, YYYY-MM-DD HH:mm:ss in Bogotá (a UTC instant after midnight is the day before)', () => {
    render(<HistoryList entries={[entry({ fechahora: '2026-11-28T04:41:07Z' })]} />);
    expect(screen.getByTestId('history-date')).toHaveTextContent(/^2026-11-27 23:41:07$/);
  });
});
