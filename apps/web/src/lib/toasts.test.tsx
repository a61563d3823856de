import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { TOAST_LIMIT } from '@vialex/domain';
import { Providers } from '../app/providers';
import { enqueueSnackbar } from 'notistack';
import { closeAllToasts, showToast } from './toasts';
import { stubScreenWidth } from '../test/screen-width';

const shownTexts = (pattern: RegExp) => screen.queryAllByText(pattern).map((n) => n.textContent);

/** Runs the enter and exit transitions (fake timers) one step at a time, checking the limit at every step. */
async function settle(pattern: RegExp) {
  for (let step = 0; step < 40; step++) {
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    expect(shownTexts(pattern).length).toBeLessThanOrEqual(TOAST_LIMIT);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toasts (spec 3 §9: limit 20, one per type)', () => {
  it('a second toast of one type replaces the first; other types stay', async () => {
    render(<Providers>{null}</Providers>);
    act(() => {
      showToast('aviso', 'Primer aviso', { autoHideDuration: null });
      showToast('otro', 'Otro tipo', { autoHideDuration: null });
    });
    await settle(/aviso$/);
    expect(shownTexts(/aviso$/)).toEqual(['Primer aviso']);
    act(() => {
      showToast('aviso', 'Segundo aviso', { autoHideDuration: null });
    });
    await settle(/aviso$/);
    expect(shownTexts(/aviso$/)).toEqual(['Segundo aviso']);
    expect(screen.getByText('Otro tipo')).toBeVisible();
  });

  it(`25 toasts of different types leave at most ${TOAST_LIMIT}: the newest`, async () => {
    expect(TOAST_LIMIT).toBe(20);
    render(<Providers>{null}</Providers>);
    act(() => {
      for (let i = 1; i <= 25; i++) showToast(`tipo-${i}`, `Mensaje ${i}`, { autoHideDuration: null });
    });
    await settle(/^Mensaje \d+$/);
    expect(shownTexts(/^Mensaje \d+$/)).toEqual(Array.from({ length: 20 }, (_, i) => `Mensaje ${i + 6}`));
  });

  it('closeAllToasts closes every toast, also a persistent one shown without showToast', async () => {
    render(<Providers>{null}</Providers>);
    act(() => {
      showToast('aviso', 'Un aviso', { autoHideDuration: null });
      enqueueSnackbar('Un error que no se va solo', { persist: true });
    });
    await settle(/aviso$|solo$/);
    expect(shownTexts(/aviso$|solo$/)).toHaveLength(2);
    act(() => closeAllToasts());
    await settle(/aviso$|solo$/);
    expect(shownTexts(/aviso$|solo$/)).toEqual([]);
    // A toast of a type shown before shows again.
    act(() => {
      showToast('aviso', 'Otro aviso', { autoHideDuration: null });
    });
    await settle(/aviso$/);
    expect(shownTexts(/aviso$/)).toEqual(['Otro aviso']);
  });

  it('on a phone every toast shows at the top, off the bottom’s tab bar and composer; on a desk where it asks', async () => {
    const width = stubScreenWidth;
    const containerOf = (text: string) => screen.getByText(text).closest('.notistack-SnackbarContainer')!;
    render(<Providers>{null}</Providers>);
    try {
      width(true);
      act(() => {
        showToast('exito', 'Guardado', { anchorOrigin: { vertical: 'bottom', horizontal: 'center' } });
      });
      await settle(/^Guardado$/);
      expect(getComputedStyle(containerOf('Guardado')).bottom).toBe('auto');
      width(false);
      act(() => {
        showToast('exito', 'Guardado otra vez', { anchorOrigin: { vertical: 'bottom', horizontal: 'center' } });
      });
      await settle(/^Guardado otra vez$/);
      expect(getComputedStyle(containerOf('Guardado otra vez')).top).toBe('auto');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a tap on a toast closes it; a tap on its button does the button’s work and leaves it', async () => {
    const action = vi.fn();
    render(<Providers>{null}</Providers>);
    act(() => {
      showToast('exito', 'Operación Exitosa', { autoHideDuration: null });
      showToast('push', 'Notificación de prueba fallida', {
        autoHideDuration: null,
        action: <button onClick={action}>GENERAR NUEVO TOKEN</button>,
      });
    });
    await settle(/Exitosa$|fallida$/);
    fireEvent.click(screen.getByText('GENERAR NUEVO TOKEN'));
    expect(action).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByText('Operación Exitosa'));
    await settle(/Exitosa$|fallida$/);
    expect(shownTexts(/Exitosa$|fallida$/)).toEqual(['Notificación de prueba fallida']);
  });
});
