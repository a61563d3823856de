import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { LABELS, type PrivacyNotice } from '@vialex/domain';

const P = LABELS.privacidad;

/** The notice's whole text, one paragraph per blank line of the setting. */
function NoticeText({ texto }: { texto: string }) {
  return (
    <Box sx={{ mt: 1, display: 'grid', gap: 1, fontSize: 14, color: 'text.secondary' }}>
      {texto.split('\n\n').map((p, i) => (
        <Typography key={i} variant="body2" sx={{ m: 0 }}>
          {p}
        </Typography>
      ))}
    </Box>
  );
}

/** 'Leer el aviso completo' (or, already authorised, 'Aviso de privacidad'): a native <details>, as the server's page has. */
function FullNotice({ summary, texto }: { summary: string; texto: string }) {
  return (
    <Box
      component="details"
      data-testid="client-privacy-full"
      sx={{ '& > summary': { cursor: 'pointer', color: 'primary.main', fontWeight: 600, minHeight: 32, py: 0.5 } }}
    >
      <summary>{summary}</summary>
      <NoticeText texto={texto} />
    </Box>
  );
}

/**
 * The privacy notice before 'Ingresar al caso' (Ley 1581 de 2012), as the server's entry page
 * writes it (entry-page-html.ts): the summary, the whole notice behind 'Leer el aviso completo' and
 * the box to tick, never ticked beforehand. A notice the case already authorised is only there to
 * read again.
 */
export function PrivacyConsent({
  notice,
  checked,
  onChange,
  invalid,
  errorId,
}: {
  notice: PrivacyNotice;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The tap was refused for want of the tick: the box says so to assistive technology. */
  invalid: boolean;
  errorId: string;
}) {
  if (!notice.requerida) return <FullNotice summary={P.titulo} texto={notice.texto} />;
  return (
    <Box component="section" aria-labelledby="entrada-privacidad-titulo" data-testid="client-privacy">
      <Typography id="entrada-privacidad-titulo" component="h2" variant="subtitle2" sx={{ fontWeight: 700 }}>
        {P.titulo}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="client-privacy-summary">
        {notice.resumen}
      </Typography>
      <FullNotice summary={P.leerCompleto} texto={notice.texto} />
      <FormControlLabel
        sx={{ alignItems: 'flex-start', mx: 0, mt: 1, '& .MuiCheckbox-root': { mt: -1, ml: -1 } }}
        control={
          <Checkbox
            checked={checked}
            onChange={(e) => onChange(e.target.checked)}
            slotProps={{
              input: {
                id: 'entrada-autorizo',
                'aria-invalid': invalid,
                'aria-describedby': invalid ? errorId : undefined,
              },
            }}
          />
        }
        label={<Typography variant="body2">{notice.casilla}</Typography>}
      />
    </Box>
  );
}
