import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { idempotencyKeySchema } from '@vialex/domain';
import { newIdempotencyKey, useSubmissionKey } from './use-submission-key';

describe('useSubmissionKey', () => {
  it('the same values again (a retry) reuse the key; other values or a reset start a new one', () => {
    const { result, rerender } = renderHook(() => useSubmissionKey());
    const first = result.current.keyFor({ placa: 'ABC123', relacion: 'Propietario' });
    rerender();
    expect(result.current.keyFor({ placa: 'ABC123', relacion: 'Propietario' })).toBe(first);
    const changed = result.current.keyFor({ placa: 'ABC124', relacion: 'Propietario' });
    expect(changed).not.toBe(first);
    result.current.reset();
    expect(result.current.keyFor({ placa: 'ABC124', relacion: 'Propietario' })).not.toBe(changed);
  });

  it('keys are what the server accepts, with or without randomUUID (http on a LAN address)', () => {
    expect(idempotencyKeySchema.safeParse(newIdempotencyKey()).success).toBe(true);
    const randomUUID = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const key = newIdempotencyKey();
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(newIdempotencyKey()).not.toBe(key);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});
