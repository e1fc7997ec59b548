import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';

/**
 * Closing a server without cutting answers short. `server.close()` stops accepting connections and
 * closes the idle ones, but a kept-alive connection busy at that moment goes on being served for as
 * long as its client keeps sending (under load, up to the deadline), and the deadline then cuts
 * whatever is in flight on it: the client sees a socket error for a call that may have committed.
 */
interface Answers {
  /** Set as closeServer() begins. */
  closing?: Promise<void>;
  /** Answers begun and not yet sent in full. */
  open: Set<ServerResponse>;
}

const answersOf = new WeakMap<Server, Answers>();

/** Follows the answers of `server` for closeServer(); called as the server is made, before its first request. */
export function followAnswers<S extends Server>(server: S): S {
  const answers: Answers = { open: new Set() };
  answersOf.set(server, answers);
  // Ahead of the server's own listener, which may answer at once.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (answers.closing) {
      // A request on a connection kept alive, once closing: answered, and the connection closed after it.
      res.setHeader('Connection', 'close');
      return;
    }
    answers.open.add(res);
    res.once('close', () => answers.open.delete(res));
  });
  return server;
}

/**
 * How long idle connections stay open once the server stops accepting. A request that has reached
 * the socket but not yet been read looks idle to Node, and closing an idle connection then resets
 * it (the client sees ECONNRESET for a request it cannot tell was not run): under load, as a stop
 * begins, most kept-alive connections are in that state. During the grace such a request is read
 * and answered with `Connection: close`; a connection still idle after it has no request coming.
 */
const IDLE_GRACE_MS = 250;

/**
 * Closes the server without cutting answers short. At once it stops accepting connections, every
 * answer not yet begun says `Connection: close`, and so does the answer to any request that arrives
 * on a kept-alive connection from then on: its connection is closed after it. After a short grace,
 * idle connections are closed; a connection whose answer had begun (with keep-alive) is closed as
 * soon as that answer is sent, at the end of the grace at the earliest. At `deadlineMs` the
 * connections left are cut. Resolves once every connection is closed.
 */
export function closeServer(server: Server, deadlineMs: number): Promise<void> {
  const answers = answersOf.get(server);
  if (!answers) throw new Error('closeServer() closes a server made with followAnswers()');
  answers.closing ??= closeFollowed(server, answers, deadlineMs);
  return answers.closing;
}

function closeFollowed(server: Server, answers: Answers, deadlineMs: number): Promise<void> {
  let idleClosed = false;
  for (const res of answers.open) {
    if (!res.headersSent) {
      res.setHeader('Connection', 'close');
      continue;
    }
    // Once sent, Node has detached its connection from it: the connection is idle.
    res.once('finish', () => {
      if (idleClosed) server.closeIdleConnections();
    });
  }
  answers.open.clear();
  return new Promise<void>((resolve) => {
    let closed = false;
    const timers: NodeJS.Timeout[] = [];
    const onClosed = () => {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      resolve();
    };
    // http's close() would close the idle connections at once: the listening socket alone is closed
    // now (net's close), and http's, which closes the idle connections and ends its timeout checks,
    // when the grace is over. With no connection open, http's close at once.
    server.getConnections((error, count) => {
      if (error || count === 0) {
        server.close(onClosed);
        return;
      }
      net.Server.prototype.close.call(server, onClosed);
      timers.push(
        setTimeout(() => {
          idleClosed = true;
          if (!closed) server.close();
        }, Math.min(IDLE_GRACE_MS, deadlineMs)),
        setTimeout(() => server.closeAllConnections(), deadlineMs),
      );
      for (const timer of timers) timer.unref();
    });
  });
}
