import { createServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../../src/server/deps';
import { createHttpApp } from '../../../src/server/http/app';
import { closeServer, followAnswers } from '../../../src/server/http/closing';
import { openTestServices, type TestServices } from '../../fixtures/services';

/**
 * Stopping the portal's HTTP server (portal.ts stop(), on SIGTERM): requests in flight finish,
 * kept-alive connections are closed after their answer instead of being served until the deadline,
 * and only what is still running at the deadline is cut.
 */

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services.close());

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A client connection on a raw socket, so that the test decides what is sent when, and sees how the socket ends. */
async function connect(server: Server) {
  const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  const answers: Answer[] = [];
  const waiting: ((answer: Answer) => void)[] = [];
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    received += chunk;
    for (;;) {
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...lines] = received.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length'] ?? 0);
      if (received.length < end + 4 + length) return;
      const answer = { status: Number(statusLine.split(' ')[1]), headers, body: received.slice(end + 4, end + 4 + length) };
      received = received.slice(end + 4 + length);
      const next = waiting.shift();
      if (next) next(answer);
      else answers.push(answer);
    }
  });
  /** How the server ended the connection: 'closed' (a FIN, nothing lost) or the socket error's code. */
  const ended = new Promise<string>((resolve) => {
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    socket.once('end', () => resolve('closed'));
  });
  return {
    send: (text: string) => socket.write(text),
    answer: () => new Promise<Answer>((resolve) => (answers.length > 0 ? resolve(answers.shift()!) : waiting.push(resolve))),
    ended,
    unanswered: () => answers.length + (received.length > 0 ? 1 : 0),
    destroy: () => socket.destroy(),
  };
}

const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`;

async function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** Deps whose database queries wait while `hold` is pending: /healthz is then a request in flight. */
function heldDatabase(deps: Deps) {
  let release = () => {};
  let hold: Promise<void> | undefined;
  let entered = () => {};
  const reached = new Promise<void>((resolve) => (entered = resolve));
  const db = new Proxy(deps.db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'execute' || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        if (hold) {
          entered();
          await hold;
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    deps: { ...deps, db },
    hold() {
      hold = new Promise((resolve) => (release = resolve));
    },
    reached,
    release: () => release(),
  };
}

describe('closing the HTTP server', () => {
  it('lets a request in flight finish with 200, answers a request on a kept-alive connection with Connection: close, closes idle connections after a short grace, and ends long before the deadline', async () => {
    const held = heldDatabase(services.deps);
    const server = createHttpApp(held.deps, { ready: true }, { development: false }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const deadline = 10_000;
    const connections: Awaited<ReturnType<typeof connect>>[] = [];
    try {
      // A: kept alive after a first answer, then a slow request (the health check's query held).
      const slow = await connect(server);
      const idle = await connect(server);
      const next = await connect(server);
      const sending = await connect(server);
      connections.push(slow, idle, next, sending);
      slow.send(request('/trpc/system.ping'));
      expect(await slow.answer()).toMatchObject({ status: 200, headers: { connection: 'keep-alive' } });
      held.hold();
      slow.send(request('/healthz'));
      await within(5000, held.reached, 'the health check reaches the database');
      // B: kept alive after its answer, idle as the server closes.
      idle.send(request('/trpc/system.ping'));
      expect(await idle.answer()).toMatchObject({ status: 200, headers: { connection: 'keep-alive' } });
      // C: kept alive after its answer, its next request half sent as the server closes.
      next.send(request('/readyz'));
      expect(await next.answer()).toMatchObject({ status: 200, headers: { connection: 'keep-alive' } });
      const nextRequest = request('/trpc/system.ping');
      next.send(nextRequest.slice(0, 20));
      // D: kept alive after its answer, its client sending the next request as the server closes (under load, most are so).
      sending.send(request('/trpc/system.ping'));
      expect(await sending.answer()).toMatchObject({ status: 200, headers: { connection: 'keep-alive' } });
      await new Promise((resolve) => setTimeout(resolve, 50));

      const closingAt = Date.now();
      const closing = closeServer(server, deadline);
      sending.send(request('/trpc/system.ping'));
      expect(await within(2000, sending.answer(), 'the request sent as the server closes is answered')).toMatchObject({ status: 200, headers: { connection: 'close' } });
      expect(await within(2000, sending.ended, 'its connection is closed after its answer')).toBe('closed');

      // The idle connection is closed (after a grace of a quarter second), cleanly.
      expect(await within(2000, idle.ended, 'the idle connection is closed')).toBe('closed');
      // The request that arrives on a kept-alive connection is answered, with Connection: close, and the connection closed after it.
      next.send(nextRequest.slice(20));
      expect(await within(2000, next.answer(), 'the next request is answered')).toMatchObject({ status: 200, headers: { connection: 'close' } });
      expect(await within(2000, next.ended, 'the connection is closed after its answer')).toBe('closed');
      // The request in flight finishes: 200, Connection: close, and its connection closed cleanly.
      await new Promise((resolve) => setTimeout(resolve, 200));
      held.release();
      const answer = await within(5000, slow.answer(), 'the request in flight is answered');
      expect(answer).toMatchObject({ status: 200, headers: { connection: 'close' } });
      expect(JSON.parse(answer.body)).toEqual({ status: 'ok', database: 'ok' });
      expect(await within(2000, slow.ended, 'the slow request’s connection is closed')).toBe('closed');
      // Nothing is left open: the server is closed well before its deadline.
      await within(deadline / 2, closing, 'the server closes');
      expect(Date.now() - closingAt).toBeLessThan(deadline / 2);
      expect(connections.map((connection) => connection.unanswered())).toEqual([0, 0, 0, 0]);
    } finally {
      held.release();
      for (const connection of connections) connection.destroy();
      server.closeAllConnections();
      server.close();
    }
  });

  it('closes a connection whose answer had begun once that answer is sent, and cuts what still runs at the deadline', async () => {
    let finishStream = () => {};
    const server = followAnswers(
      createServer((req, res) => {
        if (req.url === '/stream') {
          // Its headers and a first part go out at once; the rest when the test says.
          res.writeHead(200, { 'content-length': '4' });
          res.write('ab');
          finishStream = () => res.end('cd');
        }
        // '/never' is never answered.
      }),
    ).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const streaming = await connect(server);
      const stuck = await connect(server);
      streaming.send(request('/stream'));
      stuck.send(request('/never'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const closingAt = Date.now();
      const closing = closeServer(server, 1000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      finishStream();
      // Sent in full with the keep-alive it began with, then closed cleanly rather than kept open until the deadline.
      expect(await within(2000, streaming.answer(), 'the stream is answered')).toMatchObject({ status: 200, headers: { connection: 'keep-alive' }, body: 'abcd' });
      expect(await within(500, streaming.ended, 'the streamed answer’s connection is closed')).toBe('closed');
      expect(Date.now() - closingAt).toBeLessThan(900);
      // The request that never ends is cut at the deadline, and the server is closed then.
      await within(3000, closing, 'the server closes');
      expect(Date.now() - closingAt).toBeGreaterThanOrEqual(990);
      expect(await within(500, stuck.ended, 'the stuck connection is cut')).toMatch(/closed|ECONNRESET/);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
