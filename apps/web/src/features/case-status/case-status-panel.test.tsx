import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LABELS, MSG, fmt, type CaseStatusChange, type CaseStatusForm, type Me } from '@vialex/domain';
import { CaseStatusPanel } from './case-status-panel';
import { renderWithApp } from '../../test/render';
import { fakeApi, json } from '../../test/fake-api';

const T = LABELS.gestion;
const CASE = 'c1';
const formState = (overrides: Partial<CaseStatusForm> = {}): CaseStatusForm => ({
  caso: 12,
  estado: 'Recibido',
  estados: ['CERRADO', 'Conciliado', 'Recibido', 'Verificado'],
  permitido: true,
  mensaje: null,
  maxMb: 20,
  ...overrides,
});
const change = (file: boolean): CaseStatusChange => ({
  title: MSG.bien,
  message: MSG.exito,
  estado: 'Verificado',
  entrada: {
    id: 'e1',
    numero: 1,
    descripcion: 'Datos verificados',
    estado: 'Verificado',
    fechahora: '2026-03-02T15:04:00.000Z',
    creador: 'Ana Gómez',
    nombreArchivo: file ? 'acta.pdf' : null,
    archivo: null,
  },
});

let state: CaseStatusForm;
/** What the panel sent with XMLHttpRequest, and how the fake server answers it. */
let sent: { url: string; method: string; form: FormData }[];
let reply: { status: number; body: unknown };

class FakeXhr {
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private method = '';
  private url = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(form: FormData) {
    sent.push({ url: this.url, method: this.method, form });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    queueMicrotask(() => {
      this.status = reply.status;
      this.responseText = JSON.stringify(reply.body);
      this.onload?.();
    });
  }
}

beforeEach(() => {
  state = formState();
  sent = [];
  reply = { status: 200, body: change(false) };
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  fakeApi({ [`GET /api/casos/${CASE}/gestion`]: () => json(state) });
});

function renderIt(onSaved?: (c: CaseStatusChange) => void) {
  return renderWithApp(<CaseStatusPanel caseId={CASE} onSaved={onSaved} />, {
    user: { id: 'u-investigador', cargo: 'Investigador' } as Me,
  });
}

async function chooseStatus(estado: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: new RegExp(T.estado) }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: estado }));
}
const note = () => screen.getByRole('textbox', { name: new RegExp(T.descripcion) });

describe('CaseStatusPanel', () => {
  it('offers the active catalogue and the current status; status and note are required (nothing sent)', async () => {
    renderIt();
    expect(await screen.findByText('Recibido')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: new RegExp(T.estado) }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(state.estados);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: T.guardar }));
    await waitFor(() => expect(screen.getAllByText(MSG.campoRequerido)).toHaveLength(2));
    expect(sent).toEqual([]);
  });

  it("saves status, note and the chosen file (its name shown) and says 'Bien · Operación Exitosa'", async () => {
    const onSaved = vi.fn();
    reply = { status: 200, body: change(true) };
    renderIt(onSaved);
    await chooseStatus('Verificado');
    fireEvent.change(note(), { target: { value: 'Datos verificados' } });
    const pdf = new File(['%PDF-1.4'], 'acta.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('case-status-file'), { target: { files: [pdf] } });
    expect(screen.getByTestId('case-status-file-name')).toHaveTextContent('acta.pdf · 1 KB');
    fireEvent.click(screen.getByRole('button', { name: T.guardar }));
    expect(await screen.findByText(`${MSG.bien} · ${MSG.exito}`)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: `/api/casos/${CASE}/gestion`, method: 'POST' });
    expect(sent[0].form.get('estado')).toBe('Verificado');
    expect(sent[0].form.get('descripcion')).toBe('Datos verificados');
    expect((sent[0].form.get('archivo') as File).name).toBe('acta.pdf');
    expect(onSaved).toHaveBeenCalledWith(change(true));
    await waitFor(() => expect(note()).toHaveValue(''));
    expect(screen.queryByTestId('case-status-file-name')).toBeNull();
  });

  it('what is written survives the panel leaving the screen (another tab of the case) and is forgotten once saved', async () => {
    const first = renderIt();
    await chooseStatus('Verificado');
    fireEvent.change(note(), { target: { value: 'Llegué al sitio' } });
    first.unmount();

    const again = renderIt();
    await waitFor(() => expect(note()).toHaveValue('Llegué al sitio'));
    expect(screen.getByRole('combobox', { name: new RegExp(T.estado) })).toHaveTextContent('Verificado');
    fireEvent.click(screen.getByRole('button', { name: T.guardar }));
    expect(await screen.findByText(`${MSG.bien} · ${MSG.exito}`)).toBeInTheDocument();
    expect(sent[0].form.get('descripcion')).toBe('Llegué al sitio');
    await waitFor(() => expect(note()).toHaveValue(''));
    again.unmount();

    renderIt();
    await waitFor(() => expect(note()).toHaveValue(''));
    expect(screen.getByRole('combobox', { name: new RegExp(T.estado) })).not.toHaveTextContent('Verificado');
  });

  it('a kept status no longer offered is dropped; the note stays', async () => {
    const first = renderIt();
    await chooseStatus('Conciliado');
    fireEvent.change(note(), { target: { value: 'Acuerdo firmado' } });
    first.unmount();
    state = formState({ estados: ['CERRADO', 'Recibido', 'Verificado'] });
    renderIt();
    await waitFor(() => expect(note()).toHaveValue('Acuerdo firmado'));
    expect(screen.getByRole('combobox', { name: new RegExp(T.estado) })).not.toHaveTextContent('Conciliado');
  });

  it('a closed case says so and cannot be saved (the server decided: permitido false)', async () => {
    const message = fmt(MSG.casoCerrado, { estado: 'Conciliado' });
    state = formState({ estado: 'Conciliado', permitido: false, mensaje: message });
    renderIt();
    expect(await screen.findByTestId('case-status-blocked')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: T.guardar })).toBeDisabled();
  });

  it('the closed-case refusal from the server is shown the same way', async () => {
    const message = fmt(MSG.casoCerrado, { estado: 'CERRADO' });
    reply = { status: 403, body: { statusCode: 403, code: 'CASE_CLOSED', message } };
    renderIt();
    await chooseStatus('Verificado');
    fireEvent.change(note(), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: T.guardar }));
    expect(await screen.findByTestId('case-status-blocked')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: T.guardar })).toBeDisabled();
  });

  it('a file over the limit is refused before sending; a disguised one is refused by the server under the file', async () => {
    state = formState({ maxMb: 1 });
    const refused = MSG.archivoTipoNoPermitido;
    reply = {
      status: 415,
      body: {
        statusCode: 415,
        code: 'FILE_TYPE_NOT_ALLOWED',
        message: refused,
        issues: [{ path: 'archivo', message: refused }],
      },
    };
    renderIt();
    await chooseStatus('Verificado');
    fireEvent.change(note(), { target: { value: 'x' } });
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'grande.pdf');
    fireEvent.change(screen.getByTestId('case-status-file'), { target: { files: [big] } });
    expect(screen.getByRole('alert')).toHaveTextContent(fmt(MSG.archivoMuyGrande, { mb: 1 }));
    expect(screen.queryByTestId('case-status-file-name')).toBeNull();
    fireEvent.change(screen.getByTestId('case-status-file'), { target: { files: [new File(['MZ'], 'factura.pdf')] } });
    fireEvent.click(screen.getByRole('button', { name: T.guardar }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(refused));
    expect(sent).toHaveLength(1);
  });
});
