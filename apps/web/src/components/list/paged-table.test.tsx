import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { LABELS } from '@vialex/domain';
import { PagedTable } from './paged-table';
import { HIGHLIGHT_MS } from './use-highlight';
import { ListCard } from './list-card';
import { RowAction } from './row-action';
import type { PagedList } from './use-paged-list';
import type { ListColumn } from './types';

interface Row {
  id: string;
  name: string;
  city: string;
}

const rows: Row[] = [
  { id: 'a', name: 'ANA', city: 'CHÍA' },
  { id: 'b', name: 'LUIS', city: 'SOACHA' },
];

const list = {
  id: 'prueba.list',
  rows,
  canWrite: true,
  params: { criteria: [], dir: 'next', limit: 10 },
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
} as unknown as PagedList<Row>;

const columns: ListColumn<Row>[] = [
  { key: 'name', header: 'Nombre', sticky: 'left', width: 120, render: (r) => r.name },
  { key: 'city', header: 'Ciudad', render: (r) => r.city },
  { key: 'acciones', header: 'Acciones', sticky: 'right', width: 80, render: () => 'x' },
];

const edit = vi.fn();
const card = (r: Row) => (
  <ListCard
    title={r.name}
    actions={<RowAction labelled label={LABELS.list.editar} icon={null} onClick={() => edit(r.id)} />}
  />
);

const table = (highlightedId?: string | null) => (
  <PagedTable
    list={list}
    columns={columns}
    label="Prueba"
    getRowId={(r) => r.id}
    highlightedId={highlightedId}
    renderCard={card}
  />
);

/** A phone: MUI's useMediaQuery reads window.matchMedia, which jsdom lacks. */
function asPhone(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('PagedTable', () => {
  it('hides a middle column from the column chooser, and keeps the choice', () => {
    const { unmount } = render(table());
    expect(screen.getByRole('columnheader', { name: 'Ciudad' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: LABELS.list.elegirColumnas }));
    const menu = screen.getByRole('menu', { name: LABELS.list.elegirColumnas });
    // Pinned columns (identity and actions) are not offered.
    expect(
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((i) => i.textContent),
    ).toEqual(['Ciudad']);
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Ciudad' }));
    expect(screen.queryByRole('columnheader', { name: 'Ciudad' })).toBeNull();
    expect(screen.queryByText('CHÍA')).toBeNull();
    unmount();

    render(table());
    expect(screen.queryByRole('columnheader', { name: 'Ciudad' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Acciones' })).toBeInTheDocument();
  });

  it('highlights the given row for a few seconds', () => {
    vi.useFakeTimers();
    render(table('b'));
    const [first, second] = screen.getAllByTestId('list-row');
    expect(first).not.toHaveAttribute('data-highlighted');
    expect(second).toHaveAttribute('data-highlighted', 'true');
    act(() => vi.advanceTimersByTime(HIGHLIGHT_MS));
    expect(second).not.toHaveAttribute('data-highlighted');
  });

  it('shows one card per row on a phone, with labelled actions and the highlight', () => {
    asPhone(true);
    render(table('a'));
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Prueba' })).getAllByTestId('list-row');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveAttribute('data-highlighted', 'true');
    fireEvent.click(within(cards[1]!).getByRole('button', { name: LABELS.list.editar }));
    expect(edit).toHaveBeenCalledWith('b');
  });

  it('shows the pager on a phone only when it offers something: a page on or back, or a page size', () => {
    asPhone(true);
    const cardsOf = (of: Partial<PagedList<Row>>, sizes?: number[]) => (
      <PagedTable
        list={{ ...list, ...of }}
        columns={columns}
        label="Prueba"
        getRowId={(r) => r.id}
        renderCard={card}
        pageSizeOptions={sizes}
      />
    );
    const { rerender } = render(cardsOf({}));
    expect(screen.queryByTestId('list-pager')).toBeNull();
    rerender(cardsOf({ hasNext: true }));
    expect(screen.getByRole('button', { name: LABELS.list.paginaSiguiente })).toBeEnabled();
    rerender(cardsOf({ hasPrev: true }));
    expect(screen.getByRole('button', { name: LABELS.list.paginaAnterior })).toBeEnabled();
    rerender(cardsOf({}, [10, 50]));
    expect(screen.getByLabelText(LABELS.list.filasPorPagina)).toBeInTheDocument();
  });
});
