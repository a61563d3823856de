import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FEEDBACK, LABELS, MSG, fmt, type CaseSms, type SmsMessage } from '@vialex/domain';
import { CaseSmsPanel } from './case-sms-panel';
import { renderWithApp } from '../../test/render';
import { fakeApi, json, type FakeApi } from '../../test/fake-api';

const T = LABELS.casoSms;
const CASE = 'c1';
const message = (overrides: Partial<SmsMessage> = {}): SmsMessage => ({
  id: 'm1',
  telefono: '+573104567890',
  cuerpo: 'VIALEX: siga su caso # 12 aquí: http://localhost/s/AbCdEf123456',
  estado: 'guardado',
  proveedor: 'outbox',
  error: null,
  creado: '2026-03-02T15:04:00.000Z',
  enviadoPor: 'ANA RUIZ',
  enlace: { id: 'l1', url: 'http://localhost/s/AbCdEf123456', estado: 'vigente', expira: '2026-03-09T15:04:00.000Z' },
  ...overrides,
});
const panel = (overrides: Partial<CaseSms> = {}): CaseSms => ({
  caso: 12,
  enviar: { permitido: true, motivo: null },
  telefono: '+573001112233',
  revocar: true,
  sesionCliente: null,
  mensajes: [],
  ...overrides,
});

let state: CaseSms;
let api: FakeApi;

beforeEach(() => {
  state = panel();
  api = fakeApi({ [`GET /api/casos/${CASE}/sms`]: () => json(state) });
});

function renderIt(ui: React.ReactNode) {
  return renderWithApp(<>{ui}</>);
}
const field = () => screen.getByLabelText(T.celular) as HTMLInputElement;

describe('CaseSmsPanel', () => {
  it("starts from the client's mobile in E.164 and says where the SMS goes", async () => {
    renderIt(<CaseSmsPanel caseId={CASE} />);
    await waitFor(() => expect(field().value).toBe('+573001112233'));
    expect(screen.getByText('Se enviará a +57 300 1112233')).toBeInTheDocument();
    expect(screen.getByText(T.sinMensajes)).toBeInTheDocument();
  });

  it('checks the number as a Colombian mobile before sending: a landline is refused in the field', async () => {
    renderIt(<CaseSmsPanel caseId={CASE} />);
    await waitFor(() => expect(field().value).not.toBe(''));
    fireEvent.change(field(), { target: { value: '601 555 1234' } });
    fireEvent.blur(field());
    expect(await screen.findByText(MSG.celularNoValido)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.enviarSms })).toBeDisabled();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("sends the typed number in E.164 and says '¡SMS enviado!' naming the case and number; the list refreshes", async () => {
    api.on({
      [`POST /api/casos/${CASE}/sms`]: () => {
        state = panel({ mensajes: [message()] });
        return json({ message: MSG.smsEnviado, mensaje: message() });
      },
    });
    renderIt(<CaseSmsPanel caseId={CASE} />);
    await waitFor(() => expect(field().value).not.toBe(''));
    fireEvent.change(field(), { target: { value: '310 456 7890' } });
    fireEvent.click(screen.getByRole('button', { name: T.enviarSms }));
    expect(
      await screen.findByText(
        `${MSG.smsEnviado} · ${FEEDBACK.smsEnviadoA.replace('{caso}', '12').replace('{telefono}', '+57 310 4567890')}`,
      ),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ telefono: '+573104567890' });
    const item = await screen.findByTestId('sms-message');
    expect(within(item).getByText('+57 310 4567890')).toBeInTheDocument();
    expect(within(item).getByText(T.estados.guardado)).toBeInTheDocument();
    expect(within(item).getByText(/aquí: http:\/\/localhost\/s\/AbCdEf123456$/)).toBeInTheDocument();
    expect(within(item).getByText(T.enlaceEstados.vigente)).toBeInTheDocument();
    // Bogotá time: 15:04Z is 10:04 in Bogotá.
    expect(within(item).getByText('02/03/2026 10:04 por ANA RUIZ')).toBeInTheDocument();
    expect(screen.getByText(T.bandeja)).toBeInTheDocument();
  });

  it("a provider failure is the spec's 'Error' / 'No se logró enviar el SMS'", async () => {
    api.on((req) => {
      if (req.method === 'POST') return json({ statusCode: 502, code: 'SMS_FAILED', message: MSG.smsError }, 502);
    });
    renderIt(<CaseSmsPanel caseId={CASE} />);
    await waitFor(() => expect(field().value).not.toBe(''));
    fireEvent.click(screen.getByRole('button', { name: T.enviarSms }));
    const dialog = await screen.findByTestId('error-dialog');
    expect(within(dialog).getByText(MSG.error)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.smsError)).toBeInTheDocument();
  });

  it('a number the server refuses shows its message under the field', async () => {
    api.on((req) => {
      if (req.method === 'POST')
        return json(
          {
            statusCode: 400,
            code: 'VALIDATION',
            message: MSG.celularNoValido,
            issues: [{ path: 'telefono', message: MSG.celularNoValido }],
          },
          400,
        );
    });
    renderIt(<CaseSmsPanel caseId={CASE} />);
    await waitFor(() => expect(field().value).not.toBe(''));
    fireEvent.click(screen.getByRole('button', { name: T.enviarSms }));
    expect(await screen.findByText(MSG.celularNoValido)).toBeInTheDocument();
    expect(screen.queryByTestId('error-dialog')).toBeNull();
  });

  it('without an authorised plan or approved attention: no Send SMS, the reason instead', async () => {
    state = panel({ enviar: { permitido: false, motivo: MSG.planSinServicio } });
    renderIt(<CaseSmsPanel caseId={CASE} />);
    expect(await screen.findByText(new RegExp(MSG.planSinServicio))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.enviarSms })).toBeNull();
  });

  it('renders nothing for a cargo the server refuses (403)', async () => {
    api.on(() => json({ statusCode: 403, code: 'FORBIDDEN', message: MSG.noAutorizado }, 403));
    const { container } = renderIt(<CaseSmsPanel caseId={CASE} />);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
  });

  it('revokes a live link after asking, and shows it revoked; expired and revoked links offer nothing', async () => {
    state = panel({
      mensajes: [
        message(),
        message({ id: 'm2', enlace: { ...message().enlace!, id: 'l2', estado: 'vencido' } }),
        message({
          id: 'm3',
          estado: 'error',
          error: 'Twilio 400: 21211',
          enlace: { ...message().enlace!, id: 'l3', estado: 'revocado' },
        }),
      ],
    });
    api.on({
      [`POST /api/casos/${CASE}/enlaces/l1/revocar`]: () => {
        state = panel({ mensajes: [message({ enlace: { ...message().enlace!, estado: 'revocado' } })] });
        return json({ message: MSG.enlaceRevocado });
      },
    });
    renderIt(<CaseSmsPanel caseId={CASE} />);
    const buttons = await screen.findAllByRole('button', { name: T.revocar });
    expect(buttons).toHaveLength(1);
    expect(screen.getByText(T.enlaceEstados.vencido)).toBeInTheDocument();
    expect(screen.getByText('Twilio 400: 21211')).toBeInTheDocument();
    fireEvent.click(buttons[0]);
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(within(confirm).getByText('¿Revocar el enlace del SMS enviado a +57 310 4567890?')).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: T.siRevocar }));
    expect(await screen.findByText(`${MSG.enlaceRevocado} · +57 310 4567890`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: T.revocar })).toBeNull());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `/api/casos/${CASE}/enlaces/l1/revocar`,
    ]);
  });

  it('the client in the case: when their session ends, and ending it after asking names the case', async () => {
    state = panel({ sesionCliente: { expira: '2026-03-02T17:04:00.000Z' } });
    api.on({
      [`POST /api/casos/${CASE}/sesion-cliente/terminar`]: () => {
        state = panel();
        return json({ message: MSG.sesionClienteFinalizada });
      },
    });
    renderIt(<CaseSmsPanel caseId={CASE} />);
    // 17:04 UTC is 12:04 in Bogotá.
    expect(await screen.findByText(fmt(T.clienteEnCaso, { hora: '12:04' }))).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: T.terminarSesion }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(within(confirm).getByText('¿Terminar la sesión del cliente en el caso # 12?')).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: T.siTerminar }));
    expect(await screen.findByText(`${MSG.sesionClienteFinalizada} · caso #12`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('sms-sesion-cliente')).toBeNull());
  });

  it('no session, or a viewer who may not revoke: nothing to end', async () => {
    state = panel({ revocar: false, sesionCliente: { expira: '2026-03-02T17:04:00.000Z' } });
    renderIt(<CaseSmsPanel caseId={CASE} />);
    await screen.findByText(T.mensajesEnviados);
    expect(screen.queryByRole('button', { name: T.terminarSesion })).toBeNull();
  });
});
