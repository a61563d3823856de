import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import Close from '@mui/icons-material/Close';
import LocationOff from '@mui/icons-material/LocationOff';
import MyLocation from '@mui/icons-material/MyLocation';
import { CHAT_FILES_MAX, IMAGE_FILE_EXTENSIONS, MSG, fmt, fmtCount } from '@vialex/domain';
import { ButtonSpinner } from '../../components/button-spinner';
import { useGeoStore, useGeolocationWatch, type DevicePosition } from '../../lib/geo';
import { T } from './format';

const ACCEPT = [...IMAGE_FILE_EXTENSIONS.map((e) => `.${e}`), '.jpeg', 'image/jpeg', 'image/png', 'image/webp'].join(
  ',',
);
const isImage = (f: File) =>
  ['image/jpeg', 'image/png', 'image/webp'].includes(f.type) || /\.(jpe?g|png|webp)$/i.test(f.name);

/** Saved before the phone knows where it is: after this long, sending without a position is offered. */
export const DRONE_POSITION_WAIT_MS = 20_000;
/** A position the watch gave this recently still counts after the location went off. */
const STILL_FRESH_MS = 2 * 60_000;

/** Where the phone is, as the dialog reads it: known, being obtained, or off (denied, switched off, none). */
export type DronePlaceState = { kind: 'known'; position: DevicePosition } | { kind: 'getting' } | { kind: 'off' };

export function dronePlaceState(position: DevicePosition | null, geoOff: boolean, now = Date.now()): DronePlaceState {
  if (position && (!geoOff || now - position.at < STILL_FRESH_MS)) return { kind: 'known', position };
  return geoOff ? { kind: 'off' } : { kind: 'getting' };
}

function Thumb({ file, onRemove }: { file: File; onRemove?: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return (
    <Box sx={{ position: 'relative', width: 80, height: 80 }} role="listitem">
      <Box
        component={url ? 'img' : 'div'}
        src={url ?? undefined}
        alt={file.name}
        sx={{ width: 80, height: 80, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.200', display: 'block' }}
      />
      {onRemove && (
        <IconButton
          size="small"
          onClick={onRemove}
          aria-label={fmt(T.quitarArchivo, { nombre: file.name })}
          sx={{
            position: 'absolute',
            top: 2,
            right: 2,
            bgcolor: 'rgba(0,0,0,0.6)',
            color: 'common.white',
            p: 0.25,
            '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' },
          }}
        >
          <Close sx={{ fontSize: 16 }} />
        </IconButton>
      )}
    </Box>
  );
}

export interface DroneDialogProps {
  open: boolean;
  onClose: () => void;
  /** The photos and where the phone was: the caller writes them to the outbox. */
  onSave: (photos: File[], position: DevicePosition | null) => void;
}

/**
 * Fotos Drone (spec 2 §2, §5): a 400 px dialog, images only, several at once, a message when
 * saved with none; the phone's latitude and longitude go with them. Guardar sends at once with
 * the position the app already watches; without one yet it says 'Obteniendo ubicación…' and
 * sends when it comes. With the location off or denied it says so and offers to send without a
 * position (the server takes photos without one), as it does when the position takes too long.
 */
export function DroneDialog({ open, onClose, onSave }: DroneDialogProps) {
  return open ? <DroneDialogOpen onClose={onClose} onSave={onSave} /> : null;
}

function DroneDialogOpen({ onClose, onSave }: Omit<DroneDialogProps, 'open'>) {
  useGeolocationWatch();
  const position = useGeoStore((s) => s.position);
  const geoOff = useGeoStore((s) => s.geoOff);
  const place = dronePlaceState(position, geoOff);
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  /** Guardar was pressed before the position was known: the photos go when it comes. */
  const [waiting, setWaiting] = useState(false);
  const [slow, setSlow] = useState(false);
  const [sent, setSent] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const pick = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (input.current) input.current.value = '';
    if (chosen.some((f) => !isImage(f))) setError(MSG.soloImagenes);
    else setError(null);
    const next = [...photos, ...chosen.filter(isImage)];
    if (next.length > CHAT_FILES_MAX) setError(fmt(MSG.demasiadosArchivos, { max: CHAT_FILES_MAX }));
    setPhotos(next.slice(0, CHAT_FILES_MAX));
  };

  const send = (at: DevicePosition | null) => {
    if (sent) return;
    setSent(true);
    onSave(photos, at);
  };

  const save = () => {
    if (photos.length === 0) return setError(MSG.archivosRequeridos);
    if (place.kind === 'known') return send(place.position);
    setWaiting(true);
  };

  const sendWithout = () => {
    if (photos.length === 0) return setError(MSG.archivosRequeridos);
    send(null);
  };

  // Waiting for the position: the photos go the moment it is known.
  const known = place.kind === 'known' ? place.position : null;
  useEffect(() => {
    if (waiting && known) send(known);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `send` is this render's; `known` is what matters
  }, [waiting, known]);

  // Too long without a position: sending without one is offered too.
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setSlow(true), DRONE_POSITION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  const busy = waiting && place.kind === 'getting';

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="drone-dialog-title"
      data-testid="drone-dialog"
      slotProps={{ paper: { sx: { width: 400, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="drone-dialog-title">{T.fotosDrone}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            multiple
            hidden
            onChange={(e) => pick(e.target.files)}
            data-testid="drone-file-input"
          />
          <Button
            variant="outlined"
            startIcon={<AddPhotoAlternate />}
            onClick={() => input.current?.click()}
            disabled={waiting}
            sx={{ alignSelf: 'start' }}
          >
            {T.seleccionarFotos}
          </Button>
          {photos.length > 0 && (
            <>
              <Typography variant="body2" color="text.secondary">
                {fmtCount(T.fotosSeleccionadas, photos.length)}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} role="list" aria-label={T.adjuntos}>
                {photos.map((f, i) => (
                  <Thumb
                    key={`${f.name}-${i}`}
                    file={f}
                    onRemove={waiting ? undefined : () => setPhotos(photos.filter((_, j) => j !== i))}
                  />
                ))}
              </Box>
            </>
          )}
          <PlaceStatus state={place.kind} waiting={waiting} slow={slow} onSendWithout={sendWithout} />
          {error && (
            <Alert severity="error" data-testid="drone-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          {MSG.cancelar}
        </Button>
        <Button
          onClick={save}
          variant="contained"
          disabled={waiting}
          startIcon={busy ? <ButtonSpinner /> : undefined}
          data-testid="drone-save"
        >
          {MSG.guardar}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Where the phone is: known, being obtained (more visibly once Guardar waits for it), or off. */
function PlaceStatus({
  state,
  waiting,
  slow,
  onSendWithout,
}: {
  state: DronePlaceState['kind'];
  waiting: boolean;
  slow: boolean;
  onSendWithout: () => void;
}) {
  const without = (
    <Button size="small" color="inherit" variant="outlined" onClick={onSendWithout} data-testid="drone-send-without">
      {T.enviarSinUbicacion}
    </Button>
  );
  if (state === 'off')
    return (
      <Alert severity="warning" icon={<LocationOff />} data-testid="drone-location" data-state="off">
        <Typography variant="body2" sx={{ mb: 1 }}>
          {T.ubicacionApagada}
        </Typography>
        {without}
      </Alert>
    );
  if (state === 'known')
    return (
      <Typography
        variant="body2"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'success.dark' }}
        data-testid="drone-location"
        data-state="known"
      >
        <MyLocation sx={{ fontSize: 18 }} aria-hidden />
        {T.ubicacionObtenida}
      </Typography>
    );
  return (
    <Box data-testid="drone-location" data-state="getting" role="status">
      <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }} color="text.secondary">
        <CircularProgress size={16} aria-hidden />
        {T.obteniendoUbicacion}
      </Typography>
      {waiting && (
        <>
          <LinearProgress sx={{ my: 1 }} aria-label={T.obteniendoUbicacion} />
          <Typography variant="body2" color="text.secondary">
            {slow ? T.ubicacionTardando : T.enviaranConUbicacion}
          </Typography>
          {slow && <Box sx={{ mt: 1 }}>{without}</Box>}
        </>
      )}
    </Box>
  );
}
