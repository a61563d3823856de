import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFile from '@mui/icons-material/AttachFile';
import Description from '@mui/icons-material/Description';
import Image from '@mui/icons-material/Image';
import { LABELS, fmt, type HistoryEntry, recordText } from '@vialex/domain';

const L = LABELS.espacio;

/**
 * An entry's attachment (spec 2 §9): a document (pdf, docx, doc, xlsx, xls) opens in a new tab; an
 * image is downloaded. The file is served by the API only to those who may open the case.
 */
function Attachment({ archivo, nombre }: { archivo: HistoryEntry['archivo']; nombre: string | null }) {
  if (!archivo) {
    return nombre ? (
      <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <AttachFile fontSize="small" /> {nombre}
      </Typography>
    ) : null;
  }
  const document = archivo.tipo === 'documento';
  return (
    <Link
      href={archivo.url}
      {...(document ? { target: '_blank', rel: 'noopener' } : { download: archivo.nombre })}
      aria-label={fmt(document ? L.abrirDocumento : L.descargarImagen, { nombre: archivo.nombre })}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, wordBreak: 'break-all' }}
      data-testid="history-attachment"
      data-kind={archivo.tipo}
    >
      {document ? <Description fontSize="small" /> : <Image fontSize="small" />}
      {archivo.nombre}
    </Link>
  );
}

/**
 * HISTORIAL DE GESTIÓN: numbered newest first, each with its date (a record's YYYY-MM-DD HH:mm:ss in
 * Bogotá), description and attachment.
 */
export function HistoryList({ entries }: { entries: HistoryEntry[] }) {
  if (!entries.length)
    return (
      <Typography color="text.secondary" data-testid="history-empty">
        {L.sinHistorial}
      </Typography>
    );
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="history-list">
      {entries.map((e) => (
        <Box
          component="li"
          key={e.id}
          data-testid="history-entry"
          sx={{
            display: 'flex',
            gap: 1.5,
            py: 1.25,
            borderBottom: 1,
            borderColor: 'divider',
            '&:last-child': { border: 0 },
          }}
        >
          <Box
            aria-hidden
            sx={{
              flex: '0 0 auto',
              minWidth: 32,
              height: 32,
              px: 0.5,
              borderRadius: 16,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              display: 'grid',
              placeItems: 'center',
              fontWeight: 700,
              fontSize: 14,
            }}
          >
            {e.numero}
          </Box>
          <Stack spacing={0.25} sx={{ minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" data-testid="history-date">
              {recordText(e.fechahora)}
              {e.estado ? ` · ${e.estado}` : ''}
              {e.creador ? ` · ${fmt(L.por, { nombre: e.creador })}` : ''}
            </Typography>
            <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="history-description">
              {e.descripcion}
            </Typography>
            <Attachment archivo={e.archivo} nombre={e.nombreArchivo} />
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
