import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { LABELS, MSG, type DataAuthorisation } from '@vialex/domain';
import { AuthorisationLine } from './authorisation-line';
import { renderWithApp } from '../../test/render';
import { fakeApi, json } from '../../test/fake-api';

const P = LABELS.privacidad;
/** The server answering the case's authorisation with `answer`. */
const serve = (answer: () => Response) => fakeApi({ 'GET /api/casos/c1/autorizacion-datos': answer });

const renderLine = () => renderWithApp(<AuthorisationLine caseId="c1" />);

describe('AuthorisationLine (DATOS DEL CASO)', () => {
  it('says when the driver authorised their data, in Bogotá, and for which notice', async () => {
    const given: DataAuthorisation = { estado: 'otorgada', fecha: '2026-11-28T15:42:07.000Z', version: '3f9a2c1b04d5' };
    serve(() => json(given));
    renderLine();
    await waitFor(() =>
      expect(screen.getByTestId('data-authorisation')).toHaveTextContent(
        `${P.autorizacion}: otorgada el 2026-11-28 10:42:07 (aviso v3f9a2c1b04d5)`,
      ),
    );
  });

  it('says pending when the driver has not authorised it', async () => {
    serve(() => json({ estado: 'pendiente', fecha: null, version: null }));
    renderLine();
    await waitFor(() =>
      expect(screen.getByTestId('data-authorisation')).toHaveTextContent(`${P.autorizacion}: ${P.pendiente}`),
    );
  });

  it('is not there for a reader the server refuses', async () => {
    const api = serve(() => json({ statusCode: 403, code: 'FORBIDDEN', message: MSG.noAutorizado }, 403));
    renderLine();
    await waitFor(() => expect(api.calls).not.toHaveLength(0));
    expect(screen.queryByTestId('data-authorisation')).toBeNull();
  });
});
