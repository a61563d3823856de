import { memo, useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import AttachFile from '@mui/icons-material/AttachFile';
import Done from '@mui/icons-material/Done';
import DoneAll from '@mui/icons-material/DoneAll';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Reply from '@mui/icons-material/Reply';
import Schedule from '@mui/icons-material/Schedule';
import { MSG, fmt, fmtCount, type ChatMessage } from '@vialex/domain';
import type { OutboxFile } from './outbox';
import { DronePlace } from './drone-place';
import { ImageViewer } from './image-viewer';
import { OutboxUploadProgress } from './upload-progress';
import { T, formatMessageTime, formatSize, type Ticks } from './format';

/** The quoted message of a reply. */
export interface QuoteModel {
  id: string;
  username: string;
  content: string;
  archivos: number;
}

/** Where a message stands: on the server (its ticks, own messages only), waiting, or refused. */
export type BubbleStatus =
  | { kind: 'ticks'; ticks: Ticks }
  | { kind: 'pending'; sending: boolean; progress: number | null }
  | { kind: 'error'; message: string };

const TICK_LABEL: Record<Ticks, string> = { guardado: T.guardado, entregado: T.entregado, visto: T.visto };

function StatusMark({ status }: { status: BubbleStatus }) {
  const sx = { fontSize: 16, verticalAlign: 'middle' } as const;
  if (status.kind === 'pending')
    return (
      <Tooltip title={status.sending ? T.enviando : T.pendiente}>
        <Schedule role="img" aria-label={T.pendiente} sx={sx} data-testid="chat-pending" aria-hidden={false} />
      </Tooltip>
    );
  if (status.kind === 'error')
    return (
      <ErrorOutline
        role="img"
        aria-label={T.noEnviado}
        color={status.message === T.envioCancelado ? 'action' : 'error'}
        sx={sx}
        aria-hidden={false}
      />
    );
  const { ticks } = status;
  const Icon = ticks === 'guardado' ? Done : DoneAll;
  return (
    <Icon
      role="img"
      aria-label={TICK_LABEL[ticks]}
      aria-hidden={false}
      data-testid={`chat-ticks-${ticks}`}
      sx={{ ...sx, color: ticks === 'visto' ? 'info.main' : 'text.secondary' }}
    />
  );
}

function Quote({ quote, onJump }: { quote: QuoteModel; onJump?: (id: string) => void }) {
  const text = quote.content || fmtCount(T.archivosAdjuntos, quote.archivos);
  return (
    <Box
      component={onJump ? 'button' : 'div'}
      type={onJump ? 'button' : undefined}
      onClick={onJump ? () => onJump(quote.id) : undefined}
      data-testid="chat-quote"
      sx={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        font: 'inherit',
        color: 'inherit',
        cursor: onJump ? 'pointer' : 'default',
        border: 0,
        borderLeft: 3,
        borderColor: 'primary.main',
        bgcolor: (t) => alpha(t.palette.primary.main, 0.06),
        borderRadius: 1,
        px: 1,
        py: 0.5,
        mb: 0.75,
      }}
    >
      <Typography variant="caption" sx={{ fontWeight: 700, display: 'block', color: 'primary.dark' }} noWrap>
        {quote.username}
      </Typography>
      <Typography
        variant="caption"
        sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
      >
        {text}
      </Typography>
    </Box>
  );
}

/** A picture chosen on this phone and not yet sent: shown from the blob itself. */
function LocalImage({ file }: { file: OutboxFile }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const u = URL.createObjectURL(file.blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file.blob]);
  return (
    <Box
      component={url ? 'img' : 'div'}
      src={url ?? undefined}
      alt={file.name}
      sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.200', display: 'block' }}
    />
  );
}

function FileRow({
  nombre,
  size,
  extension,
  href,
}: {
  nombre: string;
  size: number;
  extension: string;
  href?: string;
}) {
  const Icon = extension === 'pdf' ? PictureAsPdf : InsertDriveFile;
  const body = (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
      <AttachFile sx={{ fontSize: 18, flexShrink: 0 }} aria-hidden />
      <Icon sx={{ fontSize: 18, flexShrink: 0 }} color={extension === 'pdf' ? 'error' : 'primary'} aria-hidden />
      <Typography variant="body2" noWrap sx={{ minWidth: 0, fontWeight: 600 }}>
        {nombre}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
        {formatSize(size)}
      </Typography>
    </Stack>
  );
  return href ? (
    <Link
      href={href}
      target="_blank"
      rel="noopener"
      underline="hover"
      data-testid="chat-file"
      sx={{ display: 'block', py: 0.25, color: 'text.primary' }}
    >
      {body}
    </Link>
  ) : (
    <Tooltip title={MSG.archivoRolNoAutorizado}>
      <Box data-testid="chat-file" sx={{ py: 0.25, color: 'text.secondary' }} tabIndex={0}>
        {body}
      </Box>
    </Tooltip>
  );
}

/**
 * A message's files: its images as pictures that open the viewer (all of the message's images,
 * from the one tapped), its documents as links opening a new tab (spec 2 §9).
 */
function ServerFiles({ files, canOpen }: { files: ChatMessage['files']; canOpen: boolean }) {
  const images = files.filter((f) => f.tipo === 'imagen');
  const docs = files.filter((f) => f.tipo !== 'imagen');
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <>
      {images.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: docs.length ? 0.5 : 0 }}>
          {images.map((f, i) => {
            const img = (
              <Box
                component="img"
                src={f.preview ?? f.url}
                alt={f.nombre}
                loading="lazy"
                sx={{
                  width: images.length === 1 ? 200 : 96,
                  maxWidth: '100%',
                  height: images.length === 1 ? 'auto' : 96,
                  maxHeight: 240,
                  objectFit: 'cover',
                  borderRadius: 1,
                  display: 'block',
                  bgcolor: 'grey.200',
                }}
              />
            );
            return canOpen ? (
              <ButtonBase
                key={f.id}
                onClick={() => setViewing(i)}
                aria-label={fmt(T.verImagen, { nombre: f.nombre })}
                aria-haspopup="dialog"
                data-testid="chat-image"
                sx={{
                  borderRadius: 1,
                  maxWidth: '100%',
                  '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
                }}
              >
                {img}
              </ButtonBase>
            ) : (
              <Box key={f.id} data-testid="chat-image">
                {img}
              </Box>
            );
          })}
        </Box>
      )}
      {docs.map((f) => (
        <FileRow
          key={f.id}
          nombre={f.nombre}
          size={f.size}
          extension={f.extension}
          href={canOpen ? f.url : undefined}
        />
      ))}
      {canOpen && viewing !== null && (
        <ImageViewer
          images={images.map((f) => ({ id: f.id, src: f.url, nombre: f.nombre }))}
          index={viewing}
          onIndex={setViewing}
          onClose={() => setViewing(null)}
        />
      )}
    </>
  );
}

function LocalFiles({ files }: { files: OutboxFile[] }) {
  const images = files.filter((f) => f.type.startsWith('image/'));
  const docs = files.filter((f) => !f.type.startsWith('image/'));
  return (
    <>
      {images.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: docs.length ? 0.5 : 0 }}>
          {images.map((f, i) => (
            <LocalImage key={`${f.name}-${i}`} file={f} />
          ))}
        </Box>
      )}
      {docs.map((f, i) => (
        <FileRow key={`${f.name}-${i}`} nombre={f.name} size={f.size} extension={f.name.split('.').pop() ?? ''} />
      ))}
    </>
  );
}

export interface BubbleProps {
  own: boolean;
  username?: string;
  /** The sender's avatar (their photo or initials), beside another's message. */
  avatar?: ReactNode;
  fecha: string;
  content: string;
  quote: QuoteModel | null;
  status: BubbleStatus | null;
  serverFiles?: ChatMessage['files'];
  localFiles?: OutboxFile[];
  dron?: ChatMessage['dron'];
  canOpenFiles: boolean;
  testId: string;
  /** A message still in the outbox (its clientId): its upload's progress and cancel. */
  outboxId?: string;
  messageId?: string;
  indexId?: number;
  highlight?: boolean;
  onReply?: () => void;
  onJump?: (id: string) => void;
  onRetry?: () => void;
  onDiscard?: () => void;
}

/** One message: own ones on the right with their ticks, the others on the left with who sent them. */
export const MessageBubble = memo(function MessageBubble(p: BubbleProps) {
  return (
    <Box
      data-testid={p.testId}
      data-own={p.own ? 'true' : 'false'}
      data-index={p.indexId}
      id={p.messageId ? `chat-msg-${p.messageId}` : undefined}
      role="listitem"
      sx={{
        display: 'flex',
        flexDirection: p.own ? 'row-reverse' : 'row',
        alignItems: 'flex-end',
        gap: 0.5,
        px: { xs: 1, sm: 2 },
        py: 0.5,
      }}
    >
      {!p.own && p.avatar}
      <Box
        sx={{
          maxWidth: { xs: '82%', sm: '70%' },
          minWidth: 96,
          bgcolor: (t) => (p.own ? alpha(t.palette.primary.main, 0.12) : t.palette.background.paper),
          border: 1,
          borderColor: (t) => (p.own ? alpha(t.palette.primary.main, 0.25) : t.palette.divider),
          outline: p.highlight ? 2 : 0,
          outlineColor: 'warning.main',
          borderRadius: 2,
          borderTopRightRadius: p.own ? 4 : undefined,
          borderTopLeftRadius: p.own ? undefined : 4,
          px: 1.25,
          py: 0.75,
          boxShadow: 0,
          overflowWrap: 'anywhere',
        }}
      >
        {p.username && (
          <Typography
            variant="caption"
            component="p"
            sx={{ fontWeight: 700, color: p.own ? 'primary.dark' : 'text.primary', mb: 0.25 }}
            data-testid="chat-username"
          >
            {p.username}
          </Typography>
        )}
        {p.quote && <Quote quote={p.quote} onJump={p.onJump} />}
        {p.serverFiles && p.serverFiles.length > 0 && <ServerFiles files={p.serverFiles} canOpen={p.canOpenFiles} />}
        {p.localFiles && p.localFiles.length > 0 && <LocalFiles files={p.localFiles} />}
        {p.dron && <DronePlace dron={p.dron} />}
        {p.content && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="chat-content">
            {p.content}
          </Typography>
        )}
        {p.status?.kind === 'pending' && p.outboxId && <OutboxUploadProgress clientId={p.outboxId} />}
        {p.status?.kind === 'error' && (
          <Box sx={{ mt: 0.5 }}>
            <Typography
              variant="caption"
              // The user's own Cancelar envío is no error: said plainly.
              color={p.status.message === T.envioCancelado ? 'text.secondary' : 'error'}
              component="p"
              data-testid="chat-refused"
            >
              {p.status.message}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button size="small" onClick={p.onRetry}>
                {MSG.reintentar}
              </Button>
              <Button size="small" color="inherit" onClick={p.onDiscard}>
                {T.descartar}
              </Button>
            </Stack>
          </Box>
        )}
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center', mt: 0.25 }}>
          <Typography variant="caption" color="text.secondary" data-testid="chat-time" sx={{ lineHeight: 1.2 }}>
            {p.status?.kind === 'pending' ? T.pendiente : formatMessageTime(p.fecha)}
          </Typography>
          {p.status && <StatusMark status={p.status} />}
        </Stack>
      </Box>
      {p.onReply && (
        <Tooltip title={T.responder}>
          <IconButton size="small" onClick={p.onReply} aria-label={T.responder} sx={{ opacity: 0.7 }}>
            <Reply fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
});

/** A line of the room itself (a system message), centred. */
export function SystemLine({ text, fecha }: { text: string; fecha: string }) {
  return (
    <Box role="listitem" sx={{ display: 'flex', justifyContent: 'center', py: 0.5 }} data-testid="chat-system">
      <Typography
        variant="caption"
        sx={{ bgcolor: 'grey.200', color: 'text.secondary', px: 1.5, py: 0.25, borderRadius: 4, textAlign: 'center' }}
      >
        {text} · {formatMessageTime(fecha)}
      </Typography>
    </Box>
  );
}
