import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LABELS, fmt } from '@vialex/domain';
import { FormDialog } from '../../components/list/form-dialog';
import { CitiesAutocomplete } from '../../components/list/city-autocomplete';
import type { Feedback } from '../../components/list/use-feedback';
import type { UserRow } from './api/list-users';
import { useAssignCities } from './api/assign-cities';

export interface AssignCitiesDialogProps {
  user: UserRow | null;
  onClose: () => void;
  onSaved: () => void;
  feedback: Feedback;
}

/** Assign Cities (spec 1 §2): which municipalities an Abogado or Investigador covers. */
export function AssignCitiesDialog({ user, onClose, onSaved, feedback }: AssignCitiesDialogProps) {
  const mutation = useAssignCities();
  const [shown, setShown] = useState<UserRow | null>(null);
  const [ciudades, setCiudades] = useState<string[]>([]);
  // A new user opens with their current cities; the last one stays rendered while closing.
  if (user && user !== shown) {
    setShown(user);
    setCiudades(user.ciudades);
  }

  return (
    <FormDialog
      open={user !== null}
      title={LABELS.usuarios.asignarCiudadesTitulo}
      onClose={onClose}
      busy={mutation.isPending}
      maxWidth="sm"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!shown) return;
        try {
          await mutation.mutateAsync({ id: shown.id, ciudades });
          onSaved();
        } catch (err) {
          feedback.fail(err);
        }
      }}
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {fmt(LABELS.usuarios.ciudadesDe, { nombre: shown ? `${shown.nombres} ${shown.apellidos}` : '' })}
      </Typography>
      {/* Room for the open list inside the dialog, so it doesn't cover the buttons. */}
      <Box sx={{ minHeight: { sm: 360 } }}>
        <CitiesAutocomplete
          id="field-ciudades"
          label={LABELS.usuarios.ciudades}
          value={ciudades}
          onChange={setCiudades}
        />
      </Box>
    </FormDialog>
  );
}
