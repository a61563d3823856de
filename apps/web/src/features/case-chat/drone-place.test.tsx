import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { LABELS, fmt, type Me } from '@vialex/domain';
import { renderWithApp } from '../../test/render';
import { DronePlace, mapHref } from './drone-place';

const T = LABELS.chat;
const AT = { latitud: 4.711, longitud: -74.0721 };

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderAt(path: string, cargo: Me['cargo'] | null, dron = AT) {
  return renderWithApp(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <DronePlace dron={dron} />
            <Where />
          </>
        }
      />
    </Routes>,
    { route: path, user: cargo ? ({ id: 'u1', cargo } as Me) : null },
  );
}

describe('a drone photo’s position', () => {
  it('the map of the room’s case, centred on the point', () => {
    expect(mapHref('/gestionar-caso/c1/chat', { lat: 4.711, lng: -74.0721 })).toBe(
      '/gestionar-caso/c1/mapa?lat=4.711000&lng=-74.072100',
    );
    expect(mapHref('/caso-cliente/chat/', { lat: 4.7, lng: -74 })).toBe(
      '/caso-cliente/mapa?lat=4.700000&lng=-74.000000',
    );
    expect(mapHref('/gestionar-caso/c1', { lat: 4.7, lng: -74 })).toBeNull();
  });

  it('is a Ver en el mapa link to the case’s map tab, for who has the map', () => {
    renderAt('/gestionar-caso/c1/chat', 'Investigador');
    const link = screen.getByRole('link', { name: T.verEnMapaDetalle });
    expect(link).toHaveTextContent(T.verEnMapa);
    expect(screen.getByTestId('drone-place')).not.toHaveTextContent('4.71100');
    fireEvent.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/gestionar-caso/c1/mapa?lat=4.711000&lng=-74.072100');
  });

  it('the driver’s own map on their side', () => {
    renderAt('/caso-cliente/chat', null);
    expect(screen.getByRole('link', { name: T.verEnMapaDetalle })).toHaveAttribute(
      'href',
      '/caso-cliente/mapa?lat=4.711000&lng=-74.072100',
    );
  });

  it('the coordinates for who has no map (Perito); no position says so', () => {
    const { unmount } = renderAt('/gestionar-caso/c1/chat', 'Perito');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTestId('drone-place')).toHaveTextContent(
      fmt(T.ubicacion, { lat: '4.71100', long: '-74.07210' }),
    );
    unmount();
    renderAt('/gestionar-caso/c1/chat', 'Investigador', { latitud: null, longitud: null } as never);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTestId('drone-place')).toHaveTextContent(T.sinUbicacion);
  });
});
