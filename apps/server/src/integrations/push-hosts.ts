/**
 * Which push endpoints the server may contact. A subscription's endpoint is a URL the browser
 * hands us; without this rule any signed-in user could make the server POST to internal hosts.
 * Only https on the push services' own hosts is accepted, plus what PUSH_HOSTS adds.
 */
export const DEFAULT_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com', // Chrome, Edge, Android (FCM)
  'android.googleapis.com', // legacy FCM/GCM endpoints of old subscriptions
  'updates.push.services.mozilla.com', // Firefox (autopush)
  '*.push.services.mozilla.com',
  'web.push.apple.com', // Safari
  '*.push.apple.com',
  '*.notify.windows.com', // WNS
];

const HOST_ENTRY = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/**
 * Reads PUSH_HOSTS: comma-separated entries, each a host name (`push.example.com`, meaning https
 * on its default port), a wildcard (`*.example.com`, any subdomain, not the domain itself) or a
 * full origin (`http://127.0.0.1:43123`, exactly that scheme, host and port). A bad entry stops
 * the server at start rather than being silently ignored.
 */
export function parsePushHosts(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    if (entry.includes('://')) {
      let url: URL;
      try {
        url = new URL(entry);
      } catch {
        throw new Error(`PUSH_HOSTS: not an origin: ${entry}`);
      }
      const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
      if (!['http:', 'https:'].includes(url.protocol) || !bare) throw new Error(`PUSH_HOSTS: not an origin: ${entry}`);
      return url.origin;
    }
    const host = entry.toLowerCase();
    if (!HOST_ENTRY.test(host)) throw new Error(`PUSH_HOSTS: not a host name: ${entry}`);
    return host;
  });
}

function hostMatches(entry: string, hostname: string): boolean {
  if (entry.startsWith('*.')) return hostname.endsWith(entry.slice(1)) && hostname.length > entry.length - 1;
  return hostname === entry;
}

/**
 * True when the server may send to this endpoint: https on a listed push-service host (default
 * port, no credentials in the URL), or an origin listed whole in PUSH_HOSTS.
 */
export function isAllowedPushEndpoint(endpoint: string, extra: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const entries = [...DEFAULT_PUSH_HOSTS, ...extra];
  if (entries.some((e) => e.includes('://') && e === url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  return entries.some((e) => !e.includes('://') && hostMatches(e, url.hostname));
}
