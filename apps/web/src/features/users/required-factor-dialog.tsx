import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { CARGOS, LABELS, MSG, type Cargo } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { FormDialog } from '../../components/list/form-dialog';
import { useRequiredCargos, useSaveRequiredCargos } from './api/required-cargos';

const L = LABELS.segundoFactor;

/**
 * VERIFICACIÓN EN DOS PASOS POR CARGO (the Administrador): one box per staff cargo; the users of
 * a ticked cargo without a second factor set one up at their next sign-in (the server leads them).
 */
export function RequiredFactorDialog({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const current = useRequiredCargos(open);
  const save = useSaveRequiredCargos();
  // The ticks as edited; null until the user changes one (the server's list shows until then).
  const [edited, setEdited] = useState<Cargo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ticked = edited ?? current.data?.cargos ?? [];
  const close = () => {
    setEdited(null);
    setError(null);
    onClose();
  };
  const toggle = (cargo: Cargo, on: boolean) => setEdited(on ? [...ticked, cargo] : ticked.filter((c) => c !== cargo));
  const submit = async () => {
    setError(null);
    try {
      // In the catalogue's order, whatever the order of the clicks.
      await save.mutateAsync(CARGOS.filter((c) => ticked.includes(c)));
      setEdited(null);
      onSaved();
    } catch (e) {
      setError(isApiError(e) ? e.message : MSG.algoSalioMal);
    }
  };
  return (
    <FormDialog
      open={open}
      title={L.porCargoTitulo}
      onClose={close}
      onSubmit={submit}
      busy={save.isPending}
      submitLabel={L.guardar}
      maxWidth="sm"
      testId="required-factor-dialog"
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {L.porCargoTexto}
      </Typography>
      {current.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : current.isError ? (
        <Alert severity="error" role="alert">
          {isApiError(current.error) ? current.error.message : MSG.algoSalioMal}
        </Alert>
      ) : (
        <FormGroup sx={{ columns: { xs: 1, sm: 2 }, display: 'block' }}>
          {CARGOS.map((cargo) => (
            <FormControlLabel
              key={cargo}
              sx={{ display: 'flex', breakInside: 'avoid' }}
              control={<Checkbox checked={ticked.includes(cargo)} onChange={(e) => toggle(cargo, e.target.checked)} />}
              label={cargo}
            />
          ))}
        </FormGroup>
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </FormDialog>
  );
}
