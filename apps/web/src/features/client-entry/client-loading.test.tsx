import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { BRAND, LABELS } from '@vialex/domain';
import { ClientLoading } from './client-loading';
import clienteHtml from '../../../cliente.html?raw';

describe("the driver's loading screen", () => {
  it('shows the brand, a spinner and what is loading', () => {
    render(<ClientLoading />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(BRAND);
    expect(status).toHaveTextContent(LABELS.cliente.cargandoCaso);
    expect(status.querySelector('svg rect')).not.toBeNull();
    expect(status.querySelector('.MuiCircularProgress-root')).not.toBeNull();
  });

  it("is what cliente.html paints before the script runs, with the catalogue's words", () => {
    const boot = /<div class="boot"[^>]*>([\s\S]*?)<\/div>\s*<\/div>\s*<script/.exec(clienteHtml)?.[1] ?? '';
    expect(boot).toContain(`<span>${BRAND}</span>`);
    expect(boot).toContain(`<p>${LABELS.cliente.cargandoCaso}</p>`);
    expect(boot).toContain('class="boot-girando"');
    expect(boot).toContain('M27 19 L50 70 L73 19');
  });
});
