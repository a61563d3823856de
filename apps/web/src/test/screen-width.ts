import { vi } from 'vitest';

/**
 * The screen a test stands in for: `phone` makes every `max-width` media query match (MUI's
 * down('sm') and the toasts' phone placement), a desk none. Undone by vi.unstubAllGlobals.
 */
export function stubScreenWidth(phone: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }));
}
