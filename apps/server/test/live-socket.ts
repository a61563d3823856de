import WebSocket from 'ws';
import type { LiveServerMessage } from '@vialex/domain';

/**
 * A socket of the live channel for API tests: every message it receives is kept; `next` waits
 * for one that matches (already received or still to come); `follow` subscribes to a topic and
 * waits for the server's 'subscribed'.
 */
export async function openLiveSocket(baseUrl: string, headers: Record<string, string>) {
  const ws = new WebSocket(`${baseUrl}/api/live`, { headers });
  const messages: LiveServerMessage[] = [];
  ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (pred: (m: LiveServerMessage) => boolean) =>
    new Promise<LiveServerMessage>((resolve) => {
      const check = () => {
        const m = messages.find(pred);
        if (!m) return;
        ws.off('message', check);
        resolve(m);
      };
      ws.on('message', check);
      check();
    });
  const follow = async (topic: string) => {
    ws.send(JSON.stringify({ action: 'subscribe', topic }));
    await next((m) => m.type === 'subscribed' && m.topic === topic);
  };
  return { ws, messages, next, follow };
}
