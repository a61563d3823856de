import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { LABELS, MSG } from '@vialex/domain';
import { NoMatch } from './no-match';
import { PagedTable } from './paged-table';
import type { PagedList } from './use-paged-list';
import type { Criterion, ListColumn } from './types';

interface Row {
  id: string;
}

const emptyList = (criteria: Criterion[]) =>
  ({
    id: 'prueba.list',
    rows: [],
    canWrite: true,
    params: { criteria, dir: 'next', limit: 10 },
    isLoading: false,
    isFetching: false,
    error: null,
    errorUpdatedAt: 0,
    hasPrev: false,
    hasNext: false,
    next: () => {},
    prev: () => {},
    first: () => {},
    setLimit: () => {},
    search: () => {},
  }) as unknown as PagedList<Row>;

const columns: ListColumn<Row>[] = [{ key: 'id', header: 'Caso', render: (r) => r.id }];
const searched: Criterion[] = [{ field: 'placa', op: 'eq', value: 'ZZZ999' }];

/** A phone: MUI's useMediaQuery reads window.matchMedia, which jsdom lacks. */
function asPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
}
afterEach(() => vi.unstubAllGlobals());

function setup(criteria: Criterion[], phone = false) {
  if (phone) asPhone();
  const onClear = vi.fn();
  render(
    <PagedTable
      list={emptyList(criteria)}
      columns={columns}
      label="Casos"
      getRowId={(r) => r.id}
      renderCard={(r) => r.id}
      noMatch={<NoMatch text={LABELS.casos.ningunCaso} onClear={onClear} />}
    />,
  );
  return { onClear };
}

describe('a list whose search found nothing', () => {
  it("says 'Ningún caso coincide' and offers 'Limpiar filtros', not 'Datos no disponibles'", () => {
    const { onClear } = setup(searched);
    expect(screen.getByTestId('list-no-match')).toHaveTextContent(LABELS.casos.ningunCaso);
    expect(screen.queryByText(MSG.datosNoDisponibles)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: LABELS.list.limpiarFiltros }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('says the same on a phone', () => {
    setup(searched, true);
    expect(screen.getByTestId('list-no-match')).toHaveTextContent(LABELS.casos.ningunCaso);
  });

  it('keeps its empty words when nothing was searched', () => {
    setup([]);
    expect(screen.queryByTestId('list-no-match')).not.toBeInTheDocument();
    expect(screen.getByText(MSG.datosNoDisponibles)).toBeInTheDocument();
  });
});
