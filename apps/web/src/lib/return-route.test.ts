import { beforeEach, describe, expect, it } from 'vitest';
import { HOME_ROUTE, appPath, forgetRoute, rememberRoute, rememberSignedOutVisit, returnRoute } from './return-route';

beforeEach(() => sessionStorage.clear());

describe('where a sign-in lands (the last route of this tab)', () => {
  it("returns the user to their last route, with its query; someone else starts at the clients' list", () => {
    expect(returnRoute('u1')).toBe(HOME_ROUTE);
    rememberRoute('/casos', 'u1');
    rememberRoute('/gestionar-caso/7/chat?sala=perito', 'u1');
    expect(returnRoute('u1')).toBe('/gestionar-caso/7/chat?sala=perito');
    expect(returnRoute('u2')).toBe(HOME_ROUTE);
  });

  it('a deep link opened while signed out is for whoever signs in', () => {
    rememberSignedOutVisit('/gestionar-caso/9/mapa');
    expect(returnRoute('u2')).toBe('/gestionar-caso/9/mapa');
  });

  it('the route a session ended on keeps its user when the signed-out guard sees it; Salir forgets it', () => {
    rememberRoute('/casos', 'u1');
    rememberSignedOutVisit('/casos');
    expect(returnRoute('u2')).toBe(HOME_ROUTE);
    expect(returnRoute('u1')).toBe('/casos');
    forgetRoute();
    rememberSignedOutVisit('/casos');
    expect(returnRoute('u1')).toBe(HOME_ROUTE);
    // A later deep link counts again.
    rememberSignedOutVisit('/usuarios');
    expect(returnRoute('u1')).toBe('/usuarios');
  });

  it('only paths of this app: no other site, no server route, no sign-in page', () => {
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/casos',
      'javascript:alert(1)',
      '/api/casos',
      '/API/auth/me',
      '/api',
      '/login',
      '/login/auth-cliente/abc',
      '/s/ABCDEFGHJKLM',
      '/caso-cliente',
      '/casos\n//evil',
      'casos',
      '',
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(appPath(bad), bad).toBeNull();
      sessionStorage.clear();
      rememberRoute(bad, 'u1');
      rememberSignedOutVisit(bad);
      expect(returnRoute('u1'), bad).toBe(HOME_ROUTE);
    }
    expect(appPath('/casos?x=1#y')).toBe('/casos?x=1#y');
    expect(appPath('/apis')).toBe('/apis');
  });

  it('a stored value someone tampered with is refused when read', () => {
    sessionStorage.setItem('vialex.returnRoute', JSON.stringify({ path: '//evil.example', user: null }));
    expect(returnRoute('u1')).toBe(HOME_ROUTE);
    sessionStorage.setItem('vialex.returnRoute', '{not json');
    expect(returnRoute('u1')).toBe(HOME_ROUTE);
  });
});
