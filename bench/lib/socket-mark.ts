import WebSocket from 'ws';

/**
 * A room screen's mark as the web sends it on its live socket (LiveChannel.mark): received and
 * read up to `hasta`. False when the socket is not open.
 */
export function sendMark(ws: WebSocket, topic: string, hasta: number): boolean {
  if (ws.readyState !== WebSocket.OPEN) return false;
  ws.send(JSON.stringify({ action: 'mark', topic, hasta, leido: true }));
  return true;
}
