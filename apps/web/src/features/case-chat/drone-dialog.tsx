import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import Close from '@mui/icons-material/Close';
import Place from '@mui/icons-material/Place';
import { CHAT_FILES_MAX, IMAGE_FILE_EXTENSIONS, MSG, fmt } from '@vialex/domain';
import { useGeoStore, useGeolocationWatch, type DevicePosition } from '../../lib/geo';
import { T } from './format';

const ACCEPT = [...IMAGE_FILE_EXTENSIONS.map((e) => `.${e}`), '.jpeg', 'image/jpeg', 'image/png', 'image/webp'].join(
  ',',
);
const isImage = (f: File) =>
  ['image/jpeg', 'image/png', 'image/webp'].includes(f.type) || /\.(jpe?g|png|webp)$/i.test(f.name);

/** Where the phone is now: the watched position, or one asked for (a few seconds at most). */
export function currentPosition(known: DevicePosition | null, timeout = 8000): Promise<DevicePosition | null> {
  if (known && Date.now() - known.at < 60_000) return Promise.resolve(known);
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(known);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, long: p.coords.longitude, at: p.timestamp || Date.now() }),
      () => resolve(known),
      { enableHighAccuracy: true, timeout, maximumAge: 30_000 },
    ),
  );
}

function Thumb({ file, onRemove }: { file: File; onRemove: () => void }) {
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
 * Fotos Drone (spec 2 §2, §5): a 400 px dialog, images only, several at once, 'Archivos
 * required' when saved with none; the phone's latitude and longitude go with them.
 */
export function DroneDialog({ open, onClose, onSave }: DroneDialogProps) {
  return open ? <DroneDialogOpen onClose={onClose} onSave={onSave} /> : null;
}

function DroneDialogOpen({ onClose, onSave }: Omit<DroneDialogProps, 'open'>) {
  useGeolocationWatch();
  const position = useGeoStore((s) => s.position);
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
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

  const save = async () => {
    if (photos.length === 0) return setError(MSG.archivosRequeridos);
    setSaving(true);
    const at = await currentPosition(position);
    onSave(photos, at);
  };

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
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
            sx={{ alignSelf: 'start' }}
          >
            {T.seleccionarFotos}
          </Button>
          {photos.length > 0 && (
            <>
              <Typography variant="body2" color="text.secondary">
                {fmt(T.fotosSeleccionadas, { n: photos.length })}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} role="list" aria-label={T.adjuntos}>
                {photos.map((f, i) => (
                  <Thumb key={`${f.name}-${i}`} file={f} onRemove={() => setPhotos(photos.filter((_, j) => j !== i))} />
                ))}
              </Box>
            </>
          )}
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
            data-testid="drone-location"
          >
            <Place sx={{ fontSize: 16 }} aria-hidden />
            {position
              ? fmt(T.ubicacion, { lat: position.lat.toFixed(5), long: position.long.toFixed(5) })
              : T.sinUbicacion}
          </Typography>
          {error && (
            <Alert severity="error" data-testid="drone-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={saving}>
          {MSG.cancelar}
        </Button>
        <Button onClick={() => void save()} variant="contained" disabled={saving}>
          {MSG.guardar}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
