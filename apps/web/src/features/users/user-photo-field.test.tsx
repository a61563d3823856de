import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LABELS, MSG, fmt } from '@vialex/domain';
import { renderWithApp } from '../../test/render';
import { fakeApi, json } from '../../test/fake-api';
import { UserPhotoField } from './user-photo-field';

const T = LABELS.usuarios;

function setup(foto: string | null = null) {
  renderWithApp(<UserPhotoField userId="u1" nombre="Ana Pérez" foto={foto} />);
  return screen.getByTestId('user-photo-input') as HTMLInputElement;
}

describe('UserPhotoField', () => {
  it('shows the initials, uploads the chosen image as multipart PUT and shows the photo', async () => {
    const api = fakeApi(() => json({ foto: '/api/usuarios/u1/foto/f1' }));
    const input = setup();
    expect(screen.getByTestId('user-avatar')).toHaveTextContent('AP');
    expect(input.accept).toContain('image/png');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'yo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() =>
      expect(screen.getByRole('img', { name: fmt(T.fotoDe, { nombre: 'Ana Pérez' }) })).toBeInTheDocument(),
    );
    const { url, method, body } = api.calls[0];
    expect(url).toBe('/api/usuarios/u1/foto');
    expect(method).toBe('PUT');
    expect((body as FormData).get('foto')).toBeInstanceOf(File);
    expect(screen.getByRole('button', { name: T.cambiarFoto })).toBeInTheDocument();
  });

  it("says the server's refusal in Spanish and keeps the initials", async () => {
    fakeApi(() => json({ statusCode: 415, code: 'FILE_TYPE_NOT_ALLOWED', message: MSG.fotoSoloImagen }, 415));
    const input = setup();
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.fotoSoloImagen);
    expect(screen.getByTestId('user-avatar')).toHaveTextContent('AP');
  });

  it('removes the photo', async () => {
    fakeApi(() => json({ foto: null }));
    setup('/api/usuarios/u1/foto/f1');
    fireEvent.click(screen.getByRole('button', { name: T.quitarFoto }));
    await waitFor(() => expect(screen.getByTestId('user-avatar')).toHaveTextContent('AP'));
    expect(screen.getByRole('button', { name: T.subirFoto })).toBeInTheDocument();
  });
});
