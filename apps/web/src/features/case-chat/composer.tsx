import { useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import Send from '@mui/icons-material/Send';
import { CHAT_FILES_MAX, CHAT_MESSAGE_MAX_LENGTH, MSG, UPLOAD_ACCEPT, fmt, fmtCount } from '@vialex/domain';
import { useDraftText } from '../../lib/drafts';
import { showToast } from '../../lib/toasts';
import { T } from './format';
import type { QuoteModel } from './message-bubble';

export interface ComposerProps {
  onSend: (message: { content: string; files: File[] }) => void;
  reply: QuoteModel | null;
  onCancelReply: () => void;
  /** Files may be attached (staff rooms; not where the viewer may not open them). */
  allowFiles: boolean;
  /** Where the text being written is kept (lib/drafts.ts); files are not kept. */
  draftKey?: string;
}

const refuse = (message: string) =>
  showToast('chat-error', <span data-testid="chat-error-toast">{message}</span>, { variant: 'error' });

/**
 * Writing a message: the text (Enter sends, Shift+Enter a new line), files behind the paperclip,
 * the message being answered above. Sending never waits for the network: the outbox has it.
 */
export function Composer({ onSend, reply, onCancelReply, allowFiles, draftKey }: ComposerProps) {
  const [text, setText] = useDraftText(draftKey);
  const [files, setFiles] = useState<File[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const content = text.trim();
  const canSend = (content.length > 0 || files.length > 0) && content.length <= CHAT_MESSAGE_MAX_LENGTH;

  const send = () => {
    if (content.length > CHAT_MESSAGE_MAX_LENGTH)
      return refuse(fmt(MSG.mensajeMuyLargo, { max: CHAT_MESSAGE_MAX_LENGTH }));
    if (!canSend) return;
    onSend({ content, files });
    setText('');
    setFiles([]);
    field.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  const pick = (list: FileList | null) => {
    const chosen = [...files, ...Array.from(list ?? [])];
    if (chosen.length > CHAT_FILES_MAX) refuse(fmt(MSG.demasiadosArchivos, { max: CHAT_FILES_MAX }));
    setFiles(chosen.slice(0, CHAT_FILES_MAX));
    if (input.current) input.current.value = '';
  };

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      aria-label={T.enviar}
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', p: 1 }}
      data-testid="chat-composer"
    >
      {reply && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', mb: 1, pl: 1, borderLeft: 3, borderColor: 'primary.main' }}
          data-testid="chat-replying"
        >
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="caption" sx={{ fontWeight: 700, color: 'primary.dark', display: 'block' }} noWrap>
              {fmt(T.respondiendoA, { nombre: reply.username })}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {reply.content || fmtCount(T.archivosAdjuntos, reply.archivos)}
            </Typography>
          </Box>
          <IconButton size="small" onClick={onCancelReply} aria-label={T.cancelarRespuesta}>
            <Close fontSize="small" />
          </IconButton>
        </Stack>
      )}
      {files.length > 0 && (
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 1 }}
          aria-label={T.adjuntos}
          role="list"
          data-testid="chat-attachments"
        >
          {files.map((f, i) => (
            <Chip
              role="listitem"
              key={`${f.name}-${i}`}
              icon={<AttachFile />}
              label={f.name}
              size="small"
              onDelete={() => setFiles(files.filter((_, j) => j !== i))}
              deleteIcon={<Close aria-label={fmt(T.quitarArchivo, { nombre: f.name })} />}
              sx={{ maxWidth: '100%' }}
            />
          ))}
        </Box>
      )}
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-end' }}>
        {allowFiles && (
          <>
            <input
              ref={input}
              type="file"
              multiple
              accept={UPLOAD_ACCEPT}
              hidden
              onChange={(e) => pick(e.target.files)}
              data-testid="chat-file-input"
            />
            <Tooltip title={T.adjuntar}>
              <IconButton onClick={() => input.current?.click()} aria-label={T.adjuntar} sx={{ mb: 0.25 }}>
                <AttachFile />
              </IconButton>
            </Tooltip>
          </>
        )}
        <InputBase
          inputRef={field}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={T.escribaMensaje}
          multiline
          maxRows={5}
          inputProps={{ 'aria-label': T.mensaje, maxLength: CHAT_MESSAGE_MAX_LENGTH + 100 }}
          sx={{
            flexGrow: 1,
            bgcolor: 'grey.100',
            borderRadius: 5,
            px: 2,
            py: 1,
            fontSize: '1rem',
          }}
        />
        <IconButton
          type="submit"
          color="primary"
          disabled={!canSend}
          aria-label={T.enviar}
          data-testid="chat-send"
          sx={{
            mb: 0.25,
            bgcolor: canSend ? 'primary.main' : undefined,
            color: canSend ? 'primary.contrastText' : undefined,
            '&:hover': { bgcolor: 'primary.dark' },
          }}
        >
          <Send />
        </IconButton>
      </Stack>
    </Box>
  );
}
