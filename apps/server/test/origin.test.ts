import { describe, expect, it } from 'vitest';
import { parseOrigins } from '../src/config.js';
import { isOwnOrigin } from '../src/platform/origin.js';

const req = (origin: string | undefined, host = 'vialex.example.co', protocol = 'https') => ({
  headers: origin === undefined ? {} : { origin },
  host,
  protocol,
});
const none = { appOrigins: [] as string[] };

describe('isOwnOrigin', () => {
  it("is the request's own host with its own protocol", () => {
    expect(isOwnOrigin(req('https://vialex.example.co'), none)).toBe(true);
    expect(isOwnOrigin(req('https://VIALEX.example.co:443'), none)).toBe(true);
    expect(isOwnOrigin(req('http://127.0.0.1:3000', '127.0.0.1:3000', 'http'), none)).toBe(true);
  });

  it('refuses another host, scheme or port, and opaque origins', () => {
    expect(isOwnOrigin(req('https://evil.example.com'), none)).toBe(false);
    expect(isOwnOrigin(req('http://vialex.example.co'), none)).toBe(false);
    expect(isOwnOrigin(req('https://vialex.example.co:8443'), none)).toBe(false);
    expect(isOwnOrigin(req('https://vialex.example.co.evil.com'), none)).toBe(false);
    expect(isOwnOrigin(req('null'), none)).toBe(false);
    expect(isOwnOrigin(req('file://'), none)).toBe(false);
    expect(isOwnOrigin(req('https://vialex.example.co', ''), none)).toBe(false);
  });

  it('no Origin header is not "ours": the caller decides about non-browser clients', () => {
    expect(isOwnOrigin(req(undefined), none)).toBe(false);
  });

  it('accepts the origins listed in APP_ORIGINS', () => {
    const config = { appOrigins: parseOrigins('https://app.vialex.co, http://localhost:5173/', 'APP_ORIGINS') };
    expect(config.appOrigins).toEqual(['https://app.vialex.co', 'http://localhost:5173']);
    expect(isOwnOrigin(req('https://app.vialex.co', 'internal:3000', 'http'), config)).toBe(true);
    expect(isOwnOrigin(req('http://localhost:5173', 'internal:3000', 'http'), config)).toBe(true);
    expect(isOwnOrigin(req('http://app.vialex.co', 'internal:3000', 'http'), config)).toBe(false);
  });

  it('a bad APP_ORIGINS entry stops the start', () => {
    expect(parseOrigins(undefined, 'APP_ORIGINS')).toEqual([]);
    for (const bad of ['app.vialex.co', 'https://app.vialex.co/ruta', 'ftp://x', 'https://u:p@x.co']) {
      expect(() => parseOrigins(bad, 'APP_ORIGINS'), bad).toThrow(/APP_ORIGINS/);
    }
  });
});
