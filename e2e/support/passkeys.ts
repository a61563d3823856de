import type { Page } from '@playwright/test';

/**
 * Chromium's virtual authenticator (DevTools' WebAuthn domain) in the page: a platform passkey
 * that holds discoverable credentials and verifies the user at once, as a phone's fingerprint would.
 */
export async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}
