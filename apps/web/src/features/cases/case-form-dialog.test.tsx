import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { FEEDBACK, LABELS, MSG, type Me } from '@vialex/domain';
import type { Feedback } from '../../components/list/use-feedback';
import { CaseFormDialog } from './case-form-dialog';
import type { CaseFormTarget } from './case-form-values';
import { loadCaseDefaults, loadDraft, rememberCaseDefaults, saveDraft } from './case-draft';
import { renderWithApp } from '../../test/render';
import { fakeApi, json, type FakeApi } from '../../test/fake-api';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client';

const EMPRESA = { id: '7c0e7c55-8d0e-4c55-9d55-1a2b3c4d5e6f', empresa: 'SEGUROS DEL ESTADO' };
const SAVED = { id: 'c9', caso: 77 };
const FIELD_IDS: Record<string, string> = {
  [LABELS.casos.placa]: 'field-placa',
  [LABELS.casos.direccionSiniestro]: 'field-direccion_siniestro',
};

const feedback = { success: vi.fn(), fail: vi.fn(), error: vi.fn(), unauthorized: vi.fn(), element: null };
const user = (id: string) => ({ id, cargo: 'Call Center', nombres: 'ANA', apellidos: 'RUIZ' }) as unknown as Me;

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi({ 'POST /api/casos': () => json(SAVED, 201) }, (req) => {
    if (req.url.endsWith('/empresas')) return json([EMPRESA]);
    if (req.url.includes('consulta-placa')) return json({ message: MSG.placaNoValida }, 400);
    return json([]);
  });
});

function open(userId = 'u1', target: CaseFormTarget = { kind: 'new' }, queryClient?: QueryClient) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const view = renderWithApp(
    <CaseFormDialog target={target} onClose={onClose} onSaved={onSaved} feedback={feedback as unknown as Feedback} />,
    { user: user(userId), queryClient },
  );
  const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
  expect(dialog).toHaveAccessibleName(LABELS.list.agregar);
  // By id: role queries over the whole form are slow in jsdom.
  const field = (label: string) => dialog.querySelector<HTMLInputElement>(`#${FIELD_IDS[label]}`)!;
  return { ...view, dialog, field, onClose, onSaved };
}

// The whole case form renders several times per test: slow in jsdom on a busy machine.
describe('CaseFormDialog: the draft of a new case', { timeout: 20_000 }, () => {
  it('is kept per user while typed; NUEVO again restores it and says so; Cancelar clears it', () => {
    const first = open();
    fireEvent.change(first.field(LABELS.casos.placa), { target: { value: 'abc' } });
    fireEvent.change(first.field(LABELS.casos.direccionSiniestro), { target: { value: 'Calle 80 # 10-20' } });
    expect(loadDraft('u1', 'new')?.values).toMatchObject({ placa: 'ABC', direccion_siniestro: 'Calle 80 # 10-20' });
    expect(loadDraft('u2', 'new')).toBeNull();
    // The tab is closed (or the session ends): nothing was saved or cancelled.
    first.unmount();

    const again = open();
    expect(again.field(LABELS.casos.placa)).toHaveValue('ABC');
    expect(again.field(LABELS.casos.direccionSiniestro)).toHaveValue('Calle 80 # 10-20');
    expect(within(again.dialog).getByTestId('case-draft-restored')).toHaveTextContent(
      /Se recuperó el caso sin guardar/,
    );
    again.unmount();

    const cancelled = open();
    fireEvent.click(within(cancelled.dialog).getByText(MSG.cancelar));
    expect(cancelled.onClose).toHaveBeenCalled();
    expect(loadDraft('u1', 'new')).toBeNull();
  });

  it('another user on this browser does not get the draft', () => {
    saveDraft('u1', 'new', { placa: 'XYZ' });
    const other = open('u2');
    expect(other.field(LABELS.casos.placa)).toHaveValue('');
    expect(within(other.dialog).queryByTestId('case-draft-restored')).not.toBeInTheDocument();
  });

  it('a stray Escape or backdrop click does not close a new case (only Cancelar does)', () => {
    const { dialog, onClose } = open();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Descartar borrador starts the case afresh and forgets the draft', () => {
    saveDraft('u1', 'new', { placa: 'XYZ', direccion_siniestro: 'Cra 7' });
    const { dialog, field } = open();
    expect(field(LABELS.casos.placa)).toHaveValue('XYZ');
    fireEvent.click(within(dialog).getByText(FEEDBACK.descartarBorrador));
    expect(field(LABELS.casos.placa)).toHaveValue('');
    expect(within(dialog).queryByTestId('case-draft-restored')).not.toBeInTheDocument();
    expect(loadDraft('u1', 'new')).toBeNull();
  });

  it("starts a new case from the user's last Empresa and Verificación, without calling that a draft", async () => {
    rememberCaseDefaults('u1', { uidempresa: EMPRESA.id, verificacion: 'Consulta en línea' });
    const { dialog } = open();
    const combo = (label: string) => within(dialog).getByRole('combobox', { name: new RegExp(`^${label}`) });
    await waitFor(() => expect(combo(LABELS.casos.empresa)).toHaveTextContent(EMPRESA.empresa));
    expect(combo(LABELS.casos.verificacion)).toHaveTextContent('Consulta en línea');
    expect(within(dialog).queryByTestId('case-draft-restored')).not.toBeInTheDocument();
    // Nothing typed yet: no draft.
    expect(loadDraft('u1', 'new')).toBeNull();
  });

  it('a saved case clears the draft and remembers its Empresa and Verificación', async () => {
    saveDraft('u1', 'new', {
      placa: 'ABC123',
      relacion: 'Propietario',
      identificacion: '79845123',
      tipocaso: 'Choque simple',
      uidempresa: EMPRESA.id,
      departamento: '11',
      uidciudad: '11001',
      direccion_siniestro: 'Calle 26 # 68-10',
      verificacion: 'Verificación contact center',
      tipo_producto: 'Ninguno',
    });
    const { dialog, onSaved } = open();
    fireEvent.click(within(dialog).getByText(MSG.guardar));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ kind: 'new' }, SAVED));
    expect(api.calls.filter((c) => c.method === 'POST' && c.url === '/api/casos')).toHaveLength(1);
    expect(loadDraft('u1', 'new')).toBeNull();
    expect(loadCaseDefaults('u1')).toEqual({ uidempresa: EMPRESA.id, verificacion: 'Verificación contact center' });
  });
});

describe('CaseFormDialog: a catalogue that does not load', { timeout: 20_000 }, () => {
  it('says so under its field with Reintentar, over a required-field error, and Reintentar loads it', async () => {
    let signal = false;
    api.on((req) => {
      if (req.url.endsWith('/empresas') && !signal) throw new TypeError('Failed to fetch');
    });
    // The app's client, with its one retry taken at once.
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 } });
    const { dialog } = open('u1', { kind: 'new' }, queryClient);
    const empresa = () => dialog.querySelector<HTMLElement>('#field-uidempresa')!;
    const helper = () => dialog.querySelector<HTMLElement>('#field-uidempresa-helper-text');
    await waitFor(() => expect(helper()).toHaveTextContent(LABELS.list.listaNoCargada));
    // Guardar with the field empty: the list's failure, with its way out, still shows over "required".
    fireEvent.click(within(dialog).getByText(MSG.guardar));
    await waitFor(() => expect(empresa()).toHaveAttribute('aria-invalid', 'true'));
    expect(helper()).toHaveTextContent(LABELS.list.listaNoCargada);

    signal = true;
    fireEvent.click(within(helper()!).getByRole('button', { name: MSG.reintentar }));
    await waitFor(() => expect(helper()).not.toHaveTextContent(LABELS.list.listaNoCargada));
    fireEvent.mouseDown(empresa());
    expect(
      await within(document.querySelector<HTMLElement>('[role="listbox"]')!).findByText(EMPRESA.empresa),
    ).toBeVisible();
  });

  it('while it loads, the open field says Cargando... instead of an empty list', async () => {
    // A server that never answers.
    api.on(() => new Promise<Response>(() => {}));
    const { dialog } = open();
    fireEvent.mouseDown(dialog.querySelector<HTMLElement>('#field-uidempresa')!);
    const listbox = document.querySelector<HTMLElement>('[role="listbox"]')!;
    expect(within(listbox).getByRole('option', { name: MSG.cargando })).toHaveAttribute('aria-disabled', 'true');
  });
});
