import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { LABELS, PAGE_SIZE_OPTIONS } from '@vialex/domain';
import { ListPager } from './list-pager';

function setup(hasPrev: boolean, hasNext: boolean, withSizes = false) {
  const props = { onPrev: vi.fn(), onNext: vi.fn(), onLimitChange: vi.fn() };
  render(
    <ListPager
      hasPrev={hasPrev}
      hasNext={hasNext}
      limit={10}
      {...props}
      pageSizeOptions={withSizes ? PAGE_SIZE_OPTIONS : undefined}
    />,
  );
  return {
    ...props,
    prev: screen.getByRole('button', { name: LABELS.list.paginaAnterior }),
    next: screen.getByRole('button', { name: LABELS.list.paginaSiguiente }),
  };
}

describe('ListPager', () => {
  it('disables going back on the first page', () => {
    const { prev, next, onNext } = setup(false, true);
    expect(prev).toBeDisabled();
    expect(next).toBeEnabled();
    fireEvent.click(next);
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('disables going on on the last page', () => {
    const { prev, next, onPrev } = setup(true, false);
    expect(next).toBeDisabled();
    fireEvent.click(prev);
    expect(onPrev).toHaveBeenCalledTimes(1);
  });

  it('disables both when everything fits on one page', () => {
    const { prev, next } = setup(false, false);
    expect(prev).toBeDisabled();
    expect(next).toBeDisabled();
  });

  it('offers the page sizes only when asked to', () => {
    setup(false, false);
    expect(screen.queryByRole('combobox', { name: LABELS.list.filasPorPagina })).not.toBeInTheDocument();
  });

  it('changes the page size', () => {
    const { onLimitChange } = setup(false, false, true);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: LABELS.list.filasPorPagina }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => Number(o.textContent))).toEqual([...PAGE_SIZE_OPTIONS]);
    fireEvent.click(screen.getByRole('option', { name: '500' }));
    expect(onLimitChange).toHaveBeenCalledWith(500);
  });
});
