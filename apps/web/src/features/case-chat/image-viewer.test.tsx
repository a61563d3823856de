import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { LABELS, fmt, type ChatMessage } from '@vialex/domain';
import { MessageBubble } from './message-bubble';
import { ImageViewer, type ViewerImage } from './image-viewer';
import { useState } from 'react';

const T = LABELS.chat;
const V = T.visor;

const IMAGES: ViewerImage[] = [
  { id: 'a', src: '/api/x/archivos/a', nombre: 'dron-1.png' },
  { id: 'b', src: '/api/x/archivos/b', nombre: 'dron-2.png' },
  { id: 'c', src: '/api/x/archivos/c', nombre: 'dron-3.png' },
];

function Viewer({ onClose = () => {}, start = 0 }: { onClose?: () => void; start?: number }) {
  const [index, setIndex] = useState<number | null>(start);
  return (
    <ImageViewer
      images={IMAGES}
      index={index}
      onIndex={setIndex}
      onClose={() => {
        setIndex(null);
        onClose();
      }}
    />
  );
}

const image = () => screen.getByTestId('viewer-image');
const scale = () => image().getAttribute('data-scale');
/** The stage measures 400×600 (jsdom lays nothing out). */
function sizeStage() {
  screen.getByTestId('viewer-stage').getBoundingClientRect = () =>
    ({ left: 0, top: 0, width: 400, height: 600, right: 400, bottom: 600, x: 0, y: 0 }) as DOMRect;
}
const pointer = (type: string, x: number, y: number, id = 1, timeStamp?: number) => {
  const e = new MouseEvent(type, { bubbles: true, clientX: x, clientY: y, button: 0 });
  Object.assign(e, { pointerId: id, pointerType: 'touch' });
  if (timeStamp !== undefined) Object.defineProperty(e, 'timeStamp', { value: timeStamp });
  fireEvent(screen.getByTestId('viewer-stage'), e);
};

afterEach(() => vi.useRealTimers());

describe('ImageViewer', { timeout: 20_000 }, () => {
  it('shows the image full screen with its name, its place among the message’s images and Descargar', () => {
    render(<Viewer />);
    const dialog = screen.getByRole('dialog', { name: 'dron-1.png' });
    expect(dialog).toHaveAccessibleDescription(fmt(V.posicion, { n: 1, total: 3 }));
    expect(image()).toHaveAttribute('src', '/api/x/archivos/a');
    const download = within(dialog).getByTestId('viewer-download');
    expect(download).toHaveAttribute('href', '/api/x/archivos/a');
    expect(download).toHaveAttribute('download', 'dron-1.png');
    expect(download).toHaveAccessibleName(V.descargar);
  });

  it('zooms with the buttons, the keys and a double tap, and fits again', () => {
    render(<Viewer />);
    sizeStage();
    expect(scale()).toBe('1.00');
    expect(screen.getByRole('button', { name: V.alejar })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: V.acercar }));
    expect(scale()).toBe('1.50');
    fireEvent.click(screen.getByRole('button', { name: V.acercar }));
    expect(scale()).toBe('2.25');
    fireEvent.click(screen.getByRole('button', { name: V.alejar }));
    expect(scale()).toBe('1.50');
    fireEvent.click(screen.getByRole('button', { name: V.ajustar }));
    expect(scale()).toBe('1.00');
    fireEvent.keyDown(image(), { key: '+' });
    expect(scale()).toBe('1.50');
    fireEvent.keyDown(image(), { key: '0' });
    expect(scale()).toBe('1.00');
    // A double tap zooms in where it was, another fits again.
    pointer('pointerdown', 300, 200, 1, 1000);
    pointer('pointerup', 300, 200, 1, 1000);
    pointer('pointerdown', 300, 200, 1, 1150);
    pointer('pointerup', 300, 200, 1, 1150);
    expect(scale()).toBe('2.50');
    expect(image().style.transform).toMatch(/translate\(-150px, 150px\) scale\(2\.5\)/);
    pointer('pointerdown', 300, 200, 1, 2000);
    pointer('pointerup', 300, 200, 1, 2000);
    pointer('pointerdown', 300, 200, 1, 2100);
    pointer('pointerup', 300, 200, 1, 2100);
    expect(scale()).toBe('1.00');
  });

  it('pinches to zoom', () => {
    render(<Viewer />);
    sizeStage();
    pointer('pointerdown', 150, 300, 1);
    pointer('pointerdown', 250, 300, 2);
    pointer('pointermove', 100, 300, 1);
    pointer('pointermove', 300, 300, 2);
    pointer('pointerup', 100, 300, 1);
    pointer('pointerup', 300, 300, 2);
    expect(scale()).toBe('2.00');
  });

  it('moves between the message’s images with the arrows, the keys and a swipe', () => {
    render(<Viewer />);
    sizeStage();
    expect(screen.queryByRole('button', { name: V.anterior })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: V.acercar }));
    fireEvent.click(screen.getByRole('button', { name: V.siguiente }));
    expect(screen.getByRole('dialog', { name: 'dron-2.png' })).toBeInTheDocument();
    // Each image opens fitted.
    expect(scale()).toBe('1.00');
    fireEvent.keyDown(image(), { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'dron-3.png' })).toHaveAccessibleDescription(
      fmt(V.posicion, { n: 3, total: 3 }),
    );
    expect(screen.queryByRole('button', { name: V.siguiente })).toBeNull();
    fireEvent.keyDown(image(), { key: 'ArrowLeft' });
    expect(screen.getByRole('dialog', { name: 'dron-2.png' })).toBeInTheDocument();
    // A swipe to the left: the next one; to the right: the one before.
    pointer('pointerdown', 300, 300);
    pointer('pointermove', 200, 305);
    pointer('pointerup', 150, 305);
    expect(screen.getByRole('dialog', { name: 'dron-3.png' })).toBeInTheDocument();
    pointer('pointerdown', 100, 300);
    pointer('pointerup', 250, 290);
    expect(screen.getByRole('dialog', { name: 'dron-2.png' })).toBeInTheDocument();
  });

  it('closes with its button and with Escape', () => {
    const onClose = vi.fn();
    const { unmount } = render(<Viewer onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: V.cerrar }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    render(<Viewer onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

const file = (id: string, nombre: string, tipo: 'imagen' | 'documento', extension: string) =>
  ({
    id,
    nombre,
    extension,
    size: 1000,
    tipo,
    url: `/api/casos/c1/chats/general/archivos/${id}`,
    preview: tipo === 'imagen' ? `/api/casos/c1/chats/general/archivos/${id}-vista` : null,
  }) as ChatMessage['files'][number];

describe('a message’s images and documents', { timeout: 20_000 }, () => {
  const files = [
    file('i1', 'frente.jpg', 'imagen', 'jpg'),
    file('d1', 'parte.pdf', 'documento', 'pdf'),
    file('i2', 'lateral.jpg', 'imagen', 'jpg'),
  ];
  const bubble = (canOpenFiles = true) =>
    render(
      <MessageBubble
        own={false}
        username="Ana 1020 [Investigador]"
        fecha="2026-03-01T15:04:00.000Z"
        content=""
        quote={null}
        status={null}
        serverFiles={files}
        canOpenFiles={canOpenFiles}
        testId="chat-message"
      />,
    );

  it('a tapped image opens the viewer on it, with the message’s other images; a document opens in a new tab', () => {
    bubble();
    // Named by what it shows, its name and size (a speech user says the words they see).
    const pdf = screen.getByRole('link', { name: /^parte\.pdf \d/ });
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(pdf).toHaveAttribute('href', '/api/casos/c1/chats/general/archivos/d1');
    // Images are no links to download: they open the viewer, at the original (not the preview).
    expect(screen.queryByRole('link', { name: fmt(T.verImagen, { nombre: 'lateral.jpg' }) })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: fmt(T.verImagen, { nombre: 'lateral.jpg' }) }));
    const dialog = screen.getByRole('dialog', { name: 'lateral.jpg' });
    expect(dialog).toHaveAccessibleDescription(fmt(V.posicion, { n: 2, total: 2 }));
    expect(within(dialog).getByTestId('viewer-image')).toHaveAttribute(
      'src',
      '/api/casos/c1/chats/general/archivos/i2',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: V.anterior }));
    expect(screen.getByRole('dialog', { name: 'frente.jpg' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).queryByText('parte.pdf')).toBeNull();
  });

  it('who may not open the room’s files gets no viewer', () => {
    bubble(false);
    expect(screen.queryByRole('button', { name: fmt(T.verImagen, { nombre: 'frente.jpg' }) })).toBeNull();
    fireEvent.click(screen.getAllByRole('img', { name: 'frente.jpg' })[0]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
