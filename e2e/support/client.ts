import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { LABELS } from '@vialex/domain';
import { expect } from './fixtures';
import { SHOTS_WANTED } from './ui';

/** The client's screenshots go to /tmp/client-shots/<name>.png (with E2E_SHOTS=1, as `shot`). */
export const CLIENT_SHOTS = '/tmp/client-shots';

export async function clientShot(page: Page, name: string): Promise<void> {
  if (!SHOTS_WANTED) return;
  fs.mkdirSync(CLIENT_SHOTS, { recursive: true });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.screenshot({ path: path.join(CLIENT_SHOTS, `${name}.png`), animations: 'disabled' });
}

/**
 * Sends the case's SMS from its DATOS DEL CASO panel (the page shows the case workspace) and
 * returns the short link the outbox shows (/s/{code}, which leads to the client's entry page).
 */
export async function sendCaseSms(page: Page, phone = '310 456 7890'): Promise<string> {
  const panel = page.getByRole('region', { name: LABELS.casoSms.titulo });
  await panel.getByLabel(LABELS.casoSms.celular).fill(phone);
  await panel.getByRole('button', { name: LABELS.casoSms.enviarSms }).click();
  const item = panel.getByTestId('sms-message').first();
  await expect(item).toBeVisible();
  const url = (await item.getByText(/^VIALEX: /).innerText()).split(' ').pop()!;
  expect(url).toMatch(/\/s\/[0-9A-Za-z]{12}$/);
  return new URL(url).pathname;
}

/**
 * Ticks the privacy notice's box on the entry page (Ley 1581 de 2012): the driver's authorisation,
 * which the entry needs the first time on a case and again whenever the notice changes.
 */
export async function authorise(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: LABELS.privacidad.casilla }).check();
}

/** Makes the page's geolocation never answer: the entry page waits for a position. */
export const pendingLocation = () => {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { watchPosition: () => 1, clearWatch: () => {}, getCurrentPosition: () => {} },
  });
};
