import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import DataObjectOutlined from '@mui/icons-material/DataObjectOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import { LABELS, MSG, can, clientDataReportUrl, fmt } from '@vialex/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useConnection } from '../../lib/connection';
import { useCurrentUser } from '../../lib/session';
import type { Feedback } from '../../components/list/use-feedback';
import type { ClientRow } from './api/list-clients';
import { useAnonymiseClient } from './api/anonymise-client';

const T = LABELS.datosPersonales;

export interface PersonalDataSectionProps {
  client: ClientRow;
  /** The client as the anonymisation left them (the dialog closes, the row reads 'Cliente anonimizado'). */
  onAnonymised: (saved: ClientRow, before: ClientRow) => void;
  feedback: Feedback;
}

/**
 * 'Datos personales' in the client's dialog (Ley 1581 de 2012): the data report to download as
 * PDF or JSON (whoever may edit the client: the server records each download), and for the
 * Administrador 'Anonimizar datos' behind a confirmation naming the person. An anonymised client
 * has nothing left to report or suppress: the section says so.
 */
export function PersonalDataSection({ client, onAnonymised, feedback }: PersonalDataSectionProps) {
  const me = useCurrentUser();
  const { reason: offline } = useConnection();
  const anonymise = useAnonymiseClient();
  const [confirming, setConfirming] = useState(false);
  const nombre = `${client.nombres} ${client.apellidos}`.trim();

  const confirm = async () => {
    try {
      const saved = await anonymise.mutateAsync(client.id);
      setConfirming(false);
      onAnonymised(saved, client);
    } catch (e) {
      setConfirming(false);
      feedback.fail(e);
    }
  };

  return (
    <Box
      component="section"
      aria-labelledby="datos-personales-titulo"
      data-testid="personal-data"
      sx={{ mt: client.anonimizado ? 1 : 3 }}
    >
      {/* Alone in the dialog once anonymised: no rule to set it apart from the form. */}
      {!client.anonimizado && <Divider sx={{ mb: 2 }} />}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id="datos-personales-titulo" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {T.titulo}
        </Typography>
        {client.anonimizado && <Chip size="small" label={T.anonimizado} data-testid="anonymised-chip" />}
      </Box>
      {client.anonimizado && (
        <Typography variant="body2" color="text.secondary" data-testid="anonymised-note">
          {MSG.clienteYaAnonimizado}
        </Typography>
      )}
      {!client.anonimizado && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {T.reporteAyuda}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<PictureAsPdfOutlined />}
              href={clientDataReportUrl(client.id, 'pdf')}
              download
              disabled={!!offline}
              data-testid="report-pdf"
            >
              {T.reportePdf}
            </Button>
            <Button
              variant="outlined"
              startIcon={<DataObjectOutlined />}
              href={clientDataReportUrl(client.id, 'json')}
              download
              disabled={!!offline}
              data-testid="report-json"
            >
              {T.reporteJson}
            </Button>
          </Box>
          {can(me.cargo, 'clientes.anonimizar') && (
            <Box sx={{ mt: 2 }}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {T.anonimizarAyuda}
              </Typography>
              <Button
                type="button"
                variant="outlined"
                color="error"
                startIcon={<PersonOffOutlined />}
                onClick={() => setConfirming(true)}
                disabled={!!offline}
                data-testid="anonymise"
              >
                {T.anonimizar}
              </Button>
            </Box>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={fmt(T.confirmar, { nombre, tipo: client.tipoidentificacion, identificacion: client.identificacion })}
        text={T.anonimizarAyuda}
        warning={T.irreversible}
        confirmText={T.siAnonimizar}
        busy={anonymise.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
