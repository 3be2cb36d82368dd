import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModelAnswer {
  status: number;
  body: unknown;
  delayMs?: number;
}

/** An OpenAI-compatible chat endpoint on loopback whose answer each test chooses; it keeps every request. */
export async function startFakeModelServer(answer: ModelAnswer) {
  const requests: Array<{ url: string | undefined; auth: string | undefined; body: unknown }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(body || '{}') });
      setTimeout(
        () =>
          res
            .writeHead(answer.status, { 'content-type': 'application/json' })
            .end(JSON.stringify(answer.body)),
        answer.delayMs ?? 0,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    answer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
