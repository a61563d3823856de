import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { enqueueSnackbar } from 'notistack';
import { MemoryRouter } from 'react-router';
import { MSG, type Me } from '@vialex/domain';
import { queryClient } from './query-client';
import {
  clearSessionEndNotice,
  handleSessionLost,
  meQueryKey,
  meQueryOptions,
  setNavigator,
  useSessionEndNotice,
} from './session';
import { LoginPage } from '../features/auth/login-page';
import { Providers } from '../app/providers';
import { renderWithApp } from '../test/render';
import { fakeApi, json } from '../test/fake-api';

const NOW = new Date('2026-03-02T10:15:00.000Z');
const me = (expiresAt: Date) => ({ id: 'u1', sessionExpiresAt: expiresAt.toISOString() }) as Me;

function Notice() {
  return <span data-testid="notice">{useSessionEndNotice() ?? 'none'}</span>;
}
const notice = () => screen.getByTestId('notice').textContent;

const navigate = vi.fn();
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  setNavigator(navigate);
  clearSessionEndNotice();
  queryClient.clear();
});
afterEach(() => {
  vi.useRealTimers();
  // One test fakes the server: the others' screens must not get its answer.
  vi.unstubAllGlobals();
});

describe('why a session ended, for the login screen', () => {
  it("a 401 after the session's time is up means the time ended, and goes to /login", () => {
    queryClient.setQueryData(meQueryKey, me(new Date(NOW.getTime() - 1000)));
    render(<Notice />);
    act(() => handleSessionLost('NO_SESSION'));
    expect(notice()).toBe('expired');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(sessionStorage.getItem('vialex.sessionEnd')).toBe('expired');
  });

  it('a 401 before that time means the session was ended otherwise', () => {
    queryClient.setQueryData(meQueryKey, me(new Date(NOW.getTime() + 60_000)));
    render(<Notice />);
    act(() => handleSessionLost('SESSION_ENDED'));
    expect(notice()).toBe('ended');
  });

  it('a "nobody" answer of /me where the tab knew someone (the cookie already cleared) says it ended', async () => {
    queryClient.setQueryData(meQueryKey, me(new Date(NOW.getTime() + 60_000)));
    fakeApi(() => json(null));
    render(<Notice />);
    await act(async () => {
      expect(await meQueryOptions.queryFn!({} as never)).toBeNull();
    });
    expect(notice()).toBe('ended');
  });

  it('an old cookie on a fresh visit says nothing', () => {
    render(<Notice />);
    act(() => handleSessionLost('NO_SESSION'));
    expect(notice()).toBe('none');
  });

  it('the login screen says that the session time ended, until closed', async () => {
    queryClient.setQueryData(meQueryKey, me(new Date(NOW.getTime() - 1000)));
    act(() => handleSessionLost('NO_SESSION'));
    renderWithApp(<LoginPage />, { queryClient });
    expect(screen.getByTestId('session-ended')).toHaveTextContent(MSG.sesionTiempoCumplido);
    screen.getByRole('button', { name: MSG.cerrar }).click();
    expect(await screen.findByRole('button', { name: MSG.ingresar })).toBeInTheDocument();
    expect(screen.queryByTestId('session-ended')).toBeNull();
  });
});

// The app's own Providers, not renderWithApp: these test that its toast provider closes every toast.
describe('signed out, nothing covers the sign-in form', () => {
  it('a lost session closes every toast, also one that stays until closed', async () => {
    queryClient.setQueryData(meQueryKey, me(new Date(NOW.getTime() + 60_000)));
    render(<Providers>{null}</Providers>);
    act(() => {
      enqueueSnackbar('Aviso que no se va solo', { persist: true });
    });
    expect(await screen.findByText('Aviso que no se va solo')).toBeInTheDocument();
    act(() => handleSessionLost('SESSION_ENDED'));
    await waitFor(() => expect(screen.queryByText('Aviso que no se va solo')).toBeNull());
  });

  it('the login screen closes a toast shown on the way to it', async () => {
    const app = (page: ReactNode) => (
      <Providers>
        <MemoryRouter>{page}</MemoryRouter>
      </Providers>
    );
    const { rerender } = render(app(null));
    // Shown before the screen mounts (a request refused as the session ended).
    act(() => {
      enqueueSnackbar('Error de una solicitud', { persist: true });
    });
    expect(await screen.findByText('Error de una solicitud')).toBeInTheDocument();
    rerender(app(<LoginPage />));
    expect(await screen.findByRole('button', { name: MSG.ingresar })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Error de una solicitud')).toBeNull());
  });
});
