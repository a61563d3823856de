import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { closeSnackbar } from 'notistack';
import { NOTICE_TOASTS_MAX_PHONE, NOTICE_TOAST_MS } from '@vialex/domain';
import { Providers } from '../app/providers';
import { closeNoticeToasts, showNoticeToast } from './notice-toast';
import { stubScreenWidth } from '../test/screen-width';

/** Enter and exit transitions, a step at a time (fake timers). */
async function settle(ms = 2000) {
  for (let t = 0; t < ms; t += 100) {
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
  }
}
const phone = stubScreenWidth;
const notice = (n: number) => ({ title: `Aviso ${n}`, body: `Caso # ${n}`, url: `/gestionar-caso/${n}/chat` });
const shown = () => screen.queryAllByTestId('notice-toast').map((t) => t.textContent);

beforeEach(() => {
  vi.useFakeTimers();
  render(<Providers>{null}</Providers>);
});
afterEach(async () => {
  act(() => closeSnackbar());
  await settle(1000);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a notice’s toast', () => {
  it('hides by itself after NOTICE_TOAST_MS (the bell keeps the notice)', async () => {
    phone(false);
    act(() => showNoticeToast(notice(1), () => undefined));
    await settle(500);
    expect(shown()).toEqual(['Aviso 1Caso # 1']);
    await settle(NOTICE_TOAST_MS + 1000);
    expect(shown()).toEqual([]);
  });

  it(`on a phone: at most ${NOTICE_TOASTS_MAX_PHONE} at once, the newest kept, at the top`, async () => {
    phone(true);
    act(() => {
      for (const n of [1, 2, 3]) showNoticeToast(notice(n), () => undefined);
    });
    await settle(1000);
    expect(shown().sort()).toEqual(['Aviso 2Caso # 2', 'Aviso 3Caso # 3']);
    const container = screen.getAllByTestId('notice-toast')[0].closest('.notistack-SnackbarContainer')!;
    // notistack's container at the top (its bottom left to the layout).
    expect(getComputedStyle(container).bottom).toBe('auto');
    expect(getComputedStyle(container).top).not.toBe('auto');
  });

  it('on a desk: at the bottom left, away from the case’s buttons', async () => {
    phone(false);
    act(() => showNoticeToast(notice(4), () => undefined));
    await settle(500);
    const container = screen.getByTestId('notice-toast').closest('.notistack-SnackbarContainer')!;
    expect(getComputedStyle(container).top).toBe('auto');
    expect(getComputedStyle(container).right).toBe('auto');
  });
});

describe('opening the bell', () => {
  it('closes every notice’s toast (its list holds them all)', async () => {
    phone(true);
    act(() => {
      for (const n of [5, 6]) showNoticeToast(notice(n), () => undefined);
    });
    await settle(500);
    expect(shown()).toHaveLength(2);
    act(() => closeNoticeToasts());
    await settle(1000);
    expect(shown()).toEqual([]);
  });
});
