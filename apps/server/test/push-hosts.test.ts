import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint, parsePushHosts } from '../src/integrations/push-hosts.js';

describe('push endpoint allow-list', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:APA91b',
    'https://android.googleapis.com/gcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://updates-autopush.stage.mozaws.push.services.mozilla.com/wpush/v2/x',
    'https://web.push.apple.com/QGx1',
    'https://api.push.apple.com/3/device/x',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    'https://FCM.googleapis.com:443/fcm/send/x',
  ])('accepts the push service endpoint %s', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint)).toBe(true);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/x', // not https
    'https://fcm.googleapis.com:8443/fcm/send/x', // another port
    'https://fcm.googleapis.com.evil.com/',
    'https://evilfcm.googleapis.com/', // not the host, and googleapis.com is not a wildcard
    'https://googleapis.com/',
    'https://evil.example.com/push',
    'https://notify.windows.com/', // the wildcard is for subdomains only
    'https://push.apple.com/',
    'https://user:pw@fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com./fcm/send/x',
    'http://127.0.0.1:43123/push/1',
    'http://localhost/push',
    'https://169.254.169.254/latest/meta-data',
    'file:///etc/passwd',
    'gopher://127.0.0.1:6379/_INFO',
    'javascript:alert(1)',
    'data:text/plain,hola',
    'no-es-url',
    '',
  ])('refuses %s', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint)).toBe(false);
  });

  it('PUSH_HOSTS adds hosts, wildcards and whole origins', () => {
    const extra = parsePushHosts(' push.example.co , *.push.example.org,http://127.0.0.1:43123 ');
    expect(extra).toEqual(['push.example.co', '*.push.example.org', 'http://127.0.0.1:43123']);
    expect(isAllowedPushEndpoint('https://push.example.co/x', extra)).toBe(true);
    expect(isAllowedPushEndpoint('http://push.example.co/x', extra)).toBe(false);
    expect(isAllowedPushEndpoint('https://a.push.example.org/x', extra)).toBe(true);
    expect(isAllowedPushEndpoint('https://push.example.org/x', extra)).toBe(false);
    // An origin entry allows exactly that scheme, host and port.
    expect(isAllowedPushEndpoint('http://127.0.0.1:43123/push/1', extra)).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:43124/push/1', extra)).toBe(false);
    expect(isAllowedPushEndpoint('https://127.0.0.1:43123/push/1', extra)).toBe(false);
    expect(isAllowedPushEndpoint('http://localhost:43123/push/1', extra)).toBe(false);
  });

  it('an empty PUSH_HOSTS adds nothing; a bad entry stops the start', () => {
    expect(parsePushHosts(undefined)).toEqual([]);
    expect(parsePushHosts(' , ')).toEqual([]);
    for (const bad of ['http://127.0.0.1:1/path', 'gopher://x', 'exa mple.com', '*.', 'a.*.com', 'https://']) {
      expect(() => parsePushHosts(bad), bad).toThrow(/PUSH_HOSTS/);
    }
  });
});
