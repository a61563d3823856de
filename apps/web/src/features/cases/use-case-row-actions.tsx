import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FEEDBACK, MSG, fmt } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { useConfirm } from '../../components/list/use-confirm';
import type { CaseRow } from './api/list-cases';
import { useAssignAgent } from './api/assign-agent';
import { useRequestAgent } from './api/request-agent';
import { useTakeCase } from './api/take-case';
import { useAuthorizeAttention } from './api/authorize-attention';
import { useArchiveCase } from './api/archive-case';
import { useRestoreCase } from './api/restore-case';
import { AssignAgentDialog } from './assign-agent-dialog';
import { RequestAgentDialog } from './request-agent-dialog';
import { CaseInfoDialog } from './case-info-dialog';
import type { CaseColumnActions } from './case-columns';
import type { Feedback } from '../../components/list/use-feedback';
import { MANAGED_CASE_KEY } from './format';

/** Refusals after which asking again is pointless: the dialog closes behind the popup. */
const isFinal = (e: unknown) => isApiError(e) && (e.status === 403 || e.status === 404 || e.code === 'PLAN_DENIED');

/** The spec's success words of a take ('Operación Exitosa' with 'CASO ASIGNADO'), one title for the toast. */
const takeTitle = ({ title, message }: { title: string; message: string }) =>
  message && message !== title ? `${title} ${message}` : title;

/**
 * What the row buttons of both case lists do (spec 2 §2, §4): each write asks first when the
 * spec says so (and releasing a case, naming it), then reports with a toast that keeps the
 * spec's words and names the case. `changed` hears of the case a write changed, to highlight it.
 */
export function useCaseRowActions(
  feedback: Feedback,
  edit: (c: CaseRow) => void,
  changed: (id: string) => void = () => {},
) {
  const navigate = useNavigate();
  const { confirm, element: confirmDialog } = useConfirm();
  const [info, setInfo] = useState<CaseRow | null>(null);
  const [assigning, setAssigning] = useState<CaseRow | null>(null);
  const [requesting, setRequesting] = useState<CaseRow | null>(null);
  const assign = useAssignAgent();
  const request = useRequestAgent();
  const take = useTakeCase();
  const authorize = useAuthorizeAttention();
  const archive = useArchiveCase();
  const restore = useRestoreCase();

  const run = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (e) {
      feedback.fail(e);
    }
  };

  const actions: CaseColumnActions = {
    info: setInfo,
    assign: setAssigning,
    request: setRequesting,
    edit,
    take: async (c, tomar) => {
      if (!tomar) {
        const ok = await confirm({
          title: fmt(FEEDBACK.liberarCaso, { n: c.caso }),
          text: FEEDBACK.liberarCasoTexto,
          confirmText: FEEDBACK.siLiberar,
          cancelText: MSG.cancelar,
        });
        if (!ok) return;
      }
      await run(async () => {
        const result = await take.mutateAsync({ id: c.id, tomar });
        feedback.success(fmt(tomar ? FEEDBACK.casoTomado : FEEDBACK.casoLiberado, { caso: c.caso }), takeTitle(result));
        if (result.caso) changed(result.caso.id);
      });
    },
    authorize: async (c) => {
      const ok = await confirm({
        title: fmt(MSG.autorizarAtencion, { n: c.caso }),
        confirmText: MSG.siAutorizar,
        cancelText: MSG.no,
      });
      if (!ok) return;
      await run(async () => {
        await authorize.mutateAsync(c.id);
        feedback.success(fmt(FEEDBACK.atencionAutorizada, { caso: c.caso }));
        changed(c.id);
      });
    },
    manage: (c) => {
      localStorage.setItem(MANAGED_CASE_KEY, c.id);
      navigate(`/gestionar-caso/${c.id}/chat`);
    },
    archive: async (c) => {
      const ok = await confirm({
        title: fmt(MSG.archivarCaso, { n: c.caso }),
        confirmText: MSG.siArchivar,
        cancelText: MSG.cancelar,
      });
      if (ok)
        await run(async () =>
          feedback.success(fmt(FEEDBACK.caso, { caso: c.caso }), (await archive.mutateAsync(c.id)).message),
        );
    },
    restore: async (c) => {
      const ok = await confirm({
        title: fmt(MSG.restablecerCaso, { n: c.caso }),
        confirmText: MSG.siRestablecer,
        cancelText: MSG.cancelar,
      });
      if (ok)
        await run(async () =>
          feedback.success(fmt(FEEDBACK.caso, { caso: c.caso }), (await restore.mutateAsync(c.id)).message),
        );
    },
  };

  const elements = (
    <>
      <CaseInfoDialog row={info} onClose={() => setInfo(null)} />
      <RequestAgentDialog
        row={requesting}
        busy={request.isPending}
        onClose={() => setRequesting(null)}
        onSubmit={async (tipo) => {
          if (!requesting) return;
          try {
            await request.mutateAsync({ id: requesting.id, tipo });
            setRequesting(null);
            feedback.success(fmt(FEEDBACK.agenteSolicitado, { tipo, caso: requesting.caso }));
            changed(requesting.id);
          } catch (e) {
            if (isFinal(e)) setRequesting(null);
            feedback.fail(e);
          }
        }}
      />
      <AssignAgentDialog
        row={assigning}
        busy={assign.isPending}
        onClose={() => setAssigning(null)}
        onSubmit={async ({ tipo, usuario, nombre }) => {
          if (!assigning) return;
          try {
            await assign.mutateAsync({ id: assigning.id, tipo, usuario });
            setAssigning(null);
            feedback.success(fmt(FEEDBACK.agenteAsignado, { nombre, caso: assigning.caso }));
            changed(assigning.id);
          } catch (e) {
            if (isFinal(e)) setAssigning(null);
            feedback.fail(e);
          }
        }}
      />
      {confirmDialog}
    </>
  );

  return { actions, elements };
}
