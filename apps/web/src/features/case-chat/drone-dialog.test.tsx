import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { LABELS, MSG } from '@vialex/domain';
import { useGeoStore } from '../../lib/geo';
import { DRONE_POSITION_WAIT_MS, DroneDialog } from './drone-dialog';

const T = LABELS.chat;
const photo = (name: string) => new File(['png'], name, { type: 'image/png' });

beforeEach(() => {
  // The phone's position comes from the app's watch (lib/geo): the tests set it in its store.
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { watchPosition: vi.fn(() => 1), clearWatch: vi.fn(), getCurrentPosition: vi.fn() },
  });
  useGeoStore.setState({ geoOff: false, position: null });
});
afterEach(() => vi.useRealTimers());

function open() {
  const onSave = vi.fn();
  render(<DroneDialog open onClose={() => {}} onSave={onSave} />);
  const dialog = screen.getByRole('dialog', { name: T.fotosDrone });
  const choose = (...names: string[]) =>
    fireEvent.change(within(dialog).getByTestId('drone-file-input'), { target: { files: names.map(photo) } });
  const save = () => fireEvent.click(within(dialog).getByRole('button', { name: MSG.guardar }));
  return { dialog, onSave, choose, save };
}

describe('Fotos Drone: where the phone is', { timeout: 20_000 }, () => {
  it('a known position: Guardar sends the photos with it at once', () => {
    const at = { lat: 4.711, long: -74.0721, at: Date.now() };
    useGeoStore.setState({ position: at });
    const { dialog, onSave, choose, save } = open();
    expect(within(dialog).getByTestId('drone-location')).toHaveTextContent(T.ubicacionObtenida);
    choose('dron-1.png', 'dron-2.png');
    save();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0][0].map((f: File) => f.name)).toEqual(['dron-1.png', 'dron-2.png']);
    expect(onSave.mock.calls[0][1]).toEqual(at);
  });

  it('none yet: says it is obtaining it, and sends the moment it comes', () => {
    const { dialog, onSave, choose, save } = open();
    expect(within(dialog).getByTestId('drone-location')).toHaveTextContent(T.obteniendoUbicacion);
    save();
    expect(within(dialog).getByTestId('drone-error')).toHaveTextContent(MSG.archivosRequeridos);
    choose('dron-1.png');
    save();
    expect(onSave).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('progressbar', { name: T.obteniendoUbicacion })).toBeInTheDocument();
    expect(within(dialog).getByText(T.enviaranConUbicacion)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: MSG.guardar })).toBeDisabled();
    const at = { lat: 4.6, long: -74.08, at: Date.now() };
    act(() => useGeoStore.setState({ position: at }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0][1]).toEqual(at);
  });

  it('none for long: sending without a position is offered', () => {
    vi.useFakeTimers();
    const { dialog, onSave, choose, save } = open();
    choose('dron-1.png');
    save();
    expect(within(dialog).queryByRole('button', { name: T.enviarSinUbicacion })).toBeNull();
    act(() => vi.advanceTimersByTime(DRONE_POSITION_WAIT_MS));
    expect(within(dialog).getByText(T.ubicacionTardando)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: T.enviarSinUbicacion }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0][1]).toBeNull();
  });

  it('location off or denied: says so and lets the photos go without a position', () => {
    useGeoStore.setState({ geoOff: true });
    const { dialog, onSave, choose } = open();
    expect(within(dialog).getByTestId('drone-location')).toHaveTextContent(T.ubicacionApagada);
    fireEvent.click(within(dialog).getByRole('button', { name: T.enviarSinUbicacion }));
    expect(within(dialog).getByTestId('drone-error')).toHaveTextContent(MSG.archivosRequeridos);
    expect(onSave).not.toHaveBeenCalled();
    choose('dron-1.png');
    fireEvent.click(within(dialog).getByRole('button', { name: T.enviarSinUbicacion }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0][1]).toBeNull();
  });

  it('the location going off while Guardar waits offers sending without it', () => {
    const { dialog, onSave, choose, save } = open();
    choose('dron-1.png');
    save();
    act(() => useGeoStore.setState({ geoOff: true }));
    expect(within(dialog).getByTestId('drone-location')).toHaveTextContent(T.ubicacionApagada);
    fireEvent.click(within(dialog).getByRole('button', { name: T.enviarSinUbicacion }));
    expect(onSave).toHaveBeenCalledWith([expect.any(File)], null);
  });

  it('images only', () => {
    const { dialog } = open();
    const pdf = new File(['%PDF'], 'acta.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByTestId('drone-file-input'), { target: { files: [pdf] } });
    expect(within(dialog).getByTestId('drone-error')).toHaveTextContent(MSG.soloImagenes);
  });
});
