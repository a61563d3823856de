import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import Button from '@mui/material/Button';
import { MSG } from '@vialex/domain';
import { ButtonSpinner } from './button-spinner';
import { CenteredSpinner } from './centered-spinner';

// axe (e2e/tests/a11y.spec.ts) refuses a progressbar without a name; ESLint holds every other spinner to the same.
describe('spinners', () => {
  it('a loading screen shows one progressbar, named Cargando', () => {
    render(<CenteredSpinner />);
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    expect(screen.getByRole('progressbar', { name: MSG.cargando })).toBeVisible();
  });

  it('offline, a loading panel says it will load when the connection is back, and stops saying so then', () => {
    const browser = (event: 'online' | 'offline') => act(() => void window.dispatchEvent(new Event(event)));
    render(<CenteredSpinner />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    browser('offline');
    expect(status).toHaveTextContent(MSG.sinConexionCarga);
    expect(screen.getByRole('progressbar', { name: MSG.cargando })).toBeVisible();
    browser('online');
    expect(status).toHaveTextContent('');
  });

  it("a busy button's spinner is hidden: the button's label names it", () => {
    render(<Button startIcon={<ButtonSpinner />}>Guardar</Button>);
    expect(screen.queryAllByRole('progressbar')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeVisible();
  });
});
