import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A Unix socket in the data directory through which operator commands reach the running embedded instance
 * (which alone may open its database). Only someone who can reach the data directory can connect; the socket
 * is made readable and writable by its owner only. One JSON line in, one JSON line out.
 */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'bops.sock');

export type ControlRequest = { command: 'backup'; target: string };
export type ControlResponse = { ok: true; result: unknown } | { ok: false; message: string };
export type ControlHandlers = {
  [C in ControlRequest['command']]: (request: ControlRequest) => Promise<unknown>;
};

const MAX_REQUEST_BYTES = 64 * 1024;

export async function startControlSocket(options: {
  dataDir: string;
  handlers: ControlHandlers;
  logger: FastifyBaseLogger;
}): Promise<() => Promise<void>> {
  const socketPath = controlSocketPath(options.dataDir);
  // This process holds the data directory's lock, so a socket file left here belongs to a process that died.
  await fs.rm(socketPath, { force: true });
  const server = net.createServer((connection) => {
    let received = '';
    connection.setEncoding('utf8');
    connection.on('error', () => connection.destroy());
    connection.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) return connection.destroy();
      const newline = received.indexOf('\n');
      if (newline < 0) return;
      connection.removeAllListeners('data');
      void answer(received.slice(0, newline)).then((response) =>
        connection.end(`${JSON.stringify(response)}\n`),
      );
    });
  });
  const answer = async (line: string): Promise<ControlResponse> => {
    let request: ControlRequest;
    try {
      request = JSON.parse(line) as ControlRequest;
    } catch {
      return { ok: false, message: 'The request is not JSON.' };
    }
    const handler = options.handlers[request.command];
    if (!handler) return { ok: false, message: `Unknown command ${String(request.command)}.` };
    try {
      options.logger.info({ command: request.command }, 'operator command');
      return { ok: true, result: await handler(request) };
    } catch (error) {
      options.logger.warn({ err: error, command: request.command }, 'operator command failed');
      return { ok: false, message: (error as Error).message };
    }
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await fs.chmod(socketPath, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await fs.rm(socketPath, { force: true });
  };
}

/** Sends one command to a running instance; null when none is listening in `dataDir`. */
export async function sendControlCommand(
  dataDir: string,
  request: ControlRequest,
): Promise<ControlResponse | null> {
  return new Promise((resolve, reject) => {
    const connection = net.connect(controlSocketPath(dataDir));
    let received = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write(`${JSON.stringify(request)}\n`));
    connection.on('data', (chunk: string) => (received += chunk));
    connection.on('end', () => {
      try {
        resolve(JSON.parse(received) as ControlResponse);
      } catch {
        reject(new Error('Bops answered the command with something unreadable.'));
      }
    });
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}
