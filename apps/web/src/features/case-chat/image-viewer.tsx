import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import Download from '@mui/icons-material/Download';
import FitScreen from '@mui/icons-material/FitScreen';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import { fmt } from '@vialex/domain';
import { T } from './format';
import { usePhone } from '../../lib/use-phone';

const V = T.visor;

/** One image of a message, as the viewer shows it. */
export interface ViewerImage {
  id: string;
  /** The original (the chat's bubble shows the 640-px preview). */
  src: string;
  nombre: string;
}

export interface ImageViewerProps {
  images: ViewerImage[];
  /** The image shown, or null when closed. */
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** How far one may zoom in, and the step of the buttons, the keys and a double tap. */
export const ZOOM = { max: 5, step: 1.5, doubleTap: 2.5 } as const;
/** A swipe this long (px), mostly sideways, moves to the next or previous image. */
const SWIPE_PX = 60;
/** Two taps this close in time (ms) and place (px) are a double tap. */
const DOUBLE_TAP = { ms: 300, px: 30 } as const;

interface View {
  scale: number;
  x: number;
  y: number;
}
const FIT: View = { scale: 1, x: 0, y: 0 };
type Point = { x: number; y: number };

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/**
 * Zooms to `scale` keeping the stage point `at` (from the stage's centre) where it is, and keeps
 * the picture from leaving the stage: it may move at most its overflow on each side.
 */
export function zoomTo(view: View, scale: number, at: Point, stage: { width: number; height: number }): View {
  const s = clamp(scale, 1, ZOOM.max);
  if (s === 1) return FIT;
  const k = s / view.scale;
  return pan({ scale: s, x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k }, { x: 0, y: 0 }, stage);
}

function pan(view: View, by: Point, stage: { width: number; height: number }): View {
  const maxX = ((view.scale - 1) * stage.width) / 2;
  const maxY = ((view.scale - 1) * stage.height) / 2;
  return { ...view, x: clamp(view.x + by.x, -maxX, maxX), y: clamp(view.y + by.y, -maxY, maxY) };
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * A message's images full screen (MUI's Dialog: focus stays inside, Escape closes): pinch, a
 * double tap, the wheel or the buttons zoom (CSS transforms, no library); a zoomed picture moves
 * with a finger; a swipe, the arrows or the arrow keys go through the message's images. The top
 * bar names the file and offers Descargar.
 */
export function ImageViewer({ images, index, onIndex, onClose }: ImageViewerProps) {
  const open = index !== null && index >= 0 && index < images.length;
  const image = open ? images[index] : undefined;
  const phone = usePhone();
  const [view, setView] = useState<View>(FIT);
  const [loaded, setLoaded] = useState<'loading' | 'done' | 'failed'>('loading');
  /** A finger or the mouse is moving the picture: it follows without easing. */
  const [touching, setTouching] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ start: Point; pinch?: { distance: number; view: View }; moved: boolean } | null>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);

  // Each image opens fitted, and says when it has arrived.
  useEffect(() => {
    setView(FIT);
    setLoaded('loading');
  }, [image?.src]);

  if (!open || !image) return null;
  const many = images.length > 1;
  const go = (step: number) => {
    const next = index + step;
    if (next >= 0 && next < images.length) onIndex(next);
  };

  const size = () => {
    const r = stage.current?.getBoundingClientRect();
    return { width: r?.width || 1, height: r?.height || 1, left: r?.left ?? 0, top: r?.top ?? 0 };
  };
  /** A screen point as seen from the stage's centre. */
  const fromCentre = (p: Point): Point => {
    const s = size();
    return { x: p.x - s.left - s.width / 2, y: p.y - s.top - s.height / 2 };
  };
  const zoomBy = (factor: number, at: Point = { x: 0, y: 0 }) =>
    setView((v) => zoomTo(v, v.scale * factor, at, size()));

  const onPointerDown = (e: PointerEvent) => {
    // The arrows are buttons of their own (capturing their pointer would swallow their click).
    if ((e.pointerType === 'mouse' && e.button !== 0) || (e.target as Element).closest('button')) return;
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    setTouching(true);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const [a, b] = [...pointers.current.values()];
    if (b) gesture.current = { start: a, pinch: { distance: distance(a, b), view }, moved: true };
    else gesture.current = { start: a, moved: false };
  };
  const onPointerMove = (e: PointerEvent) => {
    const before = pointers.current.get(e.pointerId);
    const g = gesture.current;
    if (!before || !g) return;
    const now = { x: e.clientX, y: e.clientY };
    pointers.current.set(e.pointerId, now);
    const [a, b] = [...pointers.current.values()];
    if (g.pinch && b) {
      const mid = fromCentre({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
      setView(zoomTo(g.pinch.view, (g.pinch.view.scale * distance(a, b)) / g.pinch.distance, mid, size()));
    } else if (view.scale > 1) {
      setView((v) => pan(v, { x: now.x - before.x, y: now.y - before.y }, size()));
    }
    if (distance(now, g.start) > DOUBLE_TAP.px) g.moved = true;
  };
  const onPointerUp = (e: PointerEvent) => {
    const g = gesture.current;
    const end = { x: e.clientX, y: e.clientY };
    pointers.current.delete(e.pointerId);
    if (pointers.current.size > 0) return;
    gesture.current = null;
    setTouching(false);
    if (!g) return;
    if (g.pinch) return;
    const dx = end.x - g.start.x;
    const dy = end.y - g.start.y;
    // Fitted: a sideways swipe moves through the images.
    if (view.scale === 1 && Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy) * 1.5) {
      go(dx < 0 ? 1 : -1);
      lastTap.current = null;
      return;
    }
    if (g.moved) return;
    const tap = { at: e.timeStamp || Date.now(), point: end };
    const prev = lastTap.current;
    if (prev && tap.at - prev.at < DOUBLE_TAP.ms && distance(prev.point, end) < DOUBLE_TAP.px) {
      lastTap.current = null;
      setView((v) => (v.scale > 1 ? FIT : zoomTo(v, ZOOM.doubleTap, fromCentre(end), size())));
    } else lastTap.current = tap;
  };
  const onPointerCancel = (e: PointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size > 0) return;
    gesture.current = null;
    setTouching(false);
  };
  const onWheel = (e: WheelEvent) => zoomBy(Math.exp(-e.deltaY * 0.002), fromCentre({ x: e.clientX, y: e.clientY }));
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(1);
    else if (e.key === 'ArrowLeft') go(-1);
    else if (e.key === '+' || e.key === '=') zoomBy(ZOOM.step);
    else if (e.key === '-') zoomBy(1 / ZOOM.step);
    else if (e.key === '0') setView(FIT);
    else return;
    e.preventDefault();
  };

  const barButton = { color: 'common.white', '&.Mui-disabled': { color: 'grey.700' } } as const;
  // An arrow where there is an image that way.
  const side = (step: 1 | -1) =>
    index + step >= 0 &&
    index + step < images.length && (
      <IconButton
        onClick={() => go(step)}
        aria-label={step < 0 ? V.anterior : V.siguiente}
        data-testid={step < 0 ? 'viewer-previous' : 'viewer-next'}
        sx={{
          position: 'absolute',
          top: '50%',
          transform: 'translateY(-50%)',
          [step < 0 ? 'left' : 'right']: 8,
          zIndex: 1,
          bgcolor: 'rgba(0,0,0,0.45)',
          ...barButton,
          '&:hover': { bgcolor: 'rgba(0,0,0,0.65)' },
        }}
      >
        {step < 0 ? <ChevronLeft fontSize="large" /> : <ChevronRight fontSize="large" />}
      </IconButton>
    );

  return (
    <Dialog
      open
      fullScreen
      onClose={onClose}
      aria-labelledby="image-viewer-title"
      aria-describedby="image-viewer-position"
      data-testid="image-viewer"
      onKeyDown={onKeyDown}
      slotProps={{ paper: { sx: { bgcolor: 'grey.900', color: 'common.white', backgroundImage: 'none' } } }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', px: 1, py: 0.5, bgcolor: 'rgba(0,0,0,0.6)', minHeight: 56 }}
      >
        <IconButton onClick={onClose} aria-label={V.cerrar} data-testid="viewer-close" sx={barButton}>
          <Close />
        </IconButton>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography id="image-viewer-title" variant="subtitle2" noWrap component="h2" sx={{ fontWeight: 700 }}>
            {image.nombre}
          </Typography>
          <Typography id="image-viewer-position" variant="caption" sx={{ color: 'grey.400' }}>
            {many ? fmt(V.posicion, { n: index + 1, total: images.length }) : V.titulo}
          </Typography>
        </Box>
        {phone ? (
          <IconButton
            component="a"
            href={image.src}
            download={image.nombre}
            aria-label={V.descargar}
            data-testid="viewer-download"
            sx={barButton}
          >
            <Download />
          </IconButton>
        ) : (
          <Button
            component="a"
            href={image.src}
            download={image.nombre}
            startIcon={<Download />}
            data-testid="viewer-download"
            sx={{ color: 'common.white' }}
          >
            {V.descargar}
          </Button>
        )}
      </Stack>
      <Box
        ref={stage}
        data-testid="viewer-stage"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onWheel={onWheel}
        sx={{
          position: 'relative',
          flex: 1,
          minHeight: 0,
          overflow: 'hidden',
          // The page never scrolls or zooms under the fingers: the viewer does.
          touchAction: 'none',
          userSelect: 'none',
          cursor: view.scale > 1 ? 'grab' : 'zoom-in',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {side(-1)}
        <Box
          key={image.src}
          component="img"
          src={image.src}
          alt={image.nombre}
          draggable={false}
          onLoad={() => setLoaded('done')}
          onError={() => setLoaded('failed')}
          data-testid="viewer-image"
          data-scale={view.scale.toFixed(2)}
          // Inline: it changes with every move of a finger (a class per frame would pile up).
          style={{
            transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
            transition: touching ? 'none' : 'transform 120ms ease-out',
          }}
          // The picture fills the stage as large as it fits (a small one too): zoom and pan read the stage.
          sx={{
            width: '100%',
            height: '100%',
            objectFit: 'contain',
            visibility: loaded === 'failed' ? 'hidden' : 'visible',
          }}
        />
        {loaded === 'loading' && (
          <CircularProgress aria-label={V.cargando} sx={{ position: 'absolute', color: 'grey.300' }} />
        )}
        {loaded === 'failed' && (
          <Typography role="alert" sx={{ position: 'absolute', px: 2, textAlign: 'center' }}>
            {V.noCarga}
          </Typography>
        )}
        {side(1)}
      </Box>
      <Stack
        direction="row"
        spacing={2}
        sx={{
          justifyContent: 'center',
          py: 1,
          pb: 'max(8px, env(safe-area-inset-bottom))',
          bgcolor: 'rgba(0,0,0,0.6)',
        }}
      >
        <IconButton
          onClick={() => zoomBy(1 / ZOOM.step)}
          disabled={view.scale <= 1}
          aria-label={V.alejar}
          sx={barButton}
        >
          <ZoomOut />
        </IconButton>
        <IconButton onClick={() => setView(FIT)} disabled={view.scale === 1} aria-label={V.ajustar} sx={barButton}>
          <FitScreen />
        </IconButton>
        <IconButton
          onClick={() => zoomBy(ZOOM.step)}
          disabled={view.scale >= ZOOM.max}
          aria-label={V.acercar}
          sx={barButton}
        >
          <ZoomIn />
        </IconButton>
      </Stack>
    </Dialog>
  );
}
