import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { FEEDBACK, MSG, fmt } from '@vialex/domain';
import { Providers } from '../../app/providers';
import { SUCCESS_TOAST_MS } from '@vialex/domain';
import { useFeedback, type Feedback } from './use-feedback';

let feedback: Feedback;
function Screen() {
  feedback = useFeedback();
  return feedback.element;
}

/** Runs the toast's timers and transitions on the fake clock, a step at a time (each step may start the next). */
async function advance(ms: number) {
  for (let done = 0; done < ms; done += 100) {
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <Providers>
      <Screen />
    </Providers>,
  );
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useFeedback: success is a toast naming the object, errors keep the Oops popup', () => {
  it("a success is a toast with the spec's words and the object, not a dialog, and hides by itself", async () => {
    act(() => feedback.success(fmt(FEEDBACK.casoCreado, { caso: 12 })));
    await advance(300);
    expect(screen.getByTestId('success-toast')).toHaveTextContent('Operación Exitosa · caso #12 creado');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(SUCCESS_TOAST_MS + 1000);
    expect(screen.queryByTestId('success-toast')).not.toBeInTheDocument();
  });

  it("an action's own success title stays the spec's word, then the object", async () => {
    act(() => feedback.success(fmt(FEEDBACK.caso, { caso: 10 }), MSG.casoArchivado));
    await advance(300);
    expect(screen.getByTestId('success-toast')).toHaveTextContent('Caso Archivado · caso #10');
  });

  it('one at a time: a newer success replaces the one on screen', async () => {
    act(() => feedback.success(fmt(FEEDBACK.casoTomado, { caso: 10 })));
    await advance(300);
    act(() => feedback.success(fmt(FEEDBACK.casoLiberado, { caso: 10 })));
    await advance(1000);
    expect(screen.getAllByTestId('success-toast').map((t) => t.textContent)).toEqual([
      'Operación Exitosa · caso #10 liberado',
    ]);
  });

  it("an error is still the blocking 'Oops...' popup", async () => {
    act(() => feedback.error('El caso ya fue tomado por otro usuario'));
    await advance(300);
    const dialog = screen.getByTestId('error-dialog');
    expect(dialog).toHaveTextContent(MSG.oops);
    expect(dialog).toHaveTextContent('El caso ya fue tomado por otro usuario');
    expect(screen.queryByTestId('success-toast')).not.toBeInTheDocument();
  });
});
