/**
 * Several processes on one port: the primary accepts each connection and hands it to the worker
 * holding the fewest open (least connections), where node:cluster deals each to the next worker
 * free to take it. A connection a client keeps open (a browser's few, a proxy's pool, a load test's
 * 32) takes all its requests to one worker: 32 opened at once were held 20 and 12 as node:cluster
 * dealt them (docs/performance.md, "Two server processes against one"), and the worker holding 20
 * answered each of its requests half again slower than the other: its reads wait in a longer line.
 *
 * The worker serves a handed connection as its own listener's (the same timeouts, the same
 * draining on shutdown) and tells the primary when it closes. A worker is handed connections only
 * once it says it accepts them, so one that is starting or was replaced never loses one.
 */
import cluster, { type Worker } from 'node:cluster';
import net from 'node:net';
import type http from 'node:http';
import { listenOn } from './listen-on.js';

const ACCEPTING = 'rehber:accepting';
const HANDED = 'rehber:connection';
const CLOSED = 'rehber:connection-closed';

interface HandoffMessage {
  type: typeof ACCEPTING | typeof HANDED | typeof CLOSED;
  /** Which listener: a process may serve several ports this way (the bench's app and its yardstick). */
  tag: string;
}

const isMessage = (m: unknown, type: HandoffMessage['type'], tag: string): boolean => {
  const message = m as Partial<HandoffMessage> | null;
  return message?.type === type && message.tag === tag;
};

/** In the primary: the listener that hands out connections to the workers that accept them. */
export interface Handoff {
  /** Resolves once `worker` accepts handed connections. */
  accepting(worker: Worker): Promise<void>;
  /** Listens on `port` and `host` (once the workers accept) and resolves with the port. */
  listen(port: number, host: string): Promise<number>;
  /** Stops accepting; connections already handed stay with their workers, which drain them. */
  close(): void;
}

/**
 * In the primary, before the workers start: hands each connection to the accepting worker holding
 * the fewest, the one handed least recently on a tie. With none accepting (every worker gone at
 * once) a connection is closed, as a refused one would be.
 */
export function connectionHandoff(tag: string): Handoff {
  /** Accepting workers, by id, with their open connections; in the order they were last handed one. */
  const held = new Map<number, { worker: Worker; open: number }>();
  const waiting = new Map<number, () => void>();
  const onMessage = (worker: Worker, m: unknown) => {
    if (isMessage(m, ACCEPTING, tag)) {
      held.set(worker.id, { worker, open: 0 });
      waiting.get(worker.id)?.();
    } else if (isMessage(m, CLOSED, tag)) {
      const entry = held.get(worker.id);
      if (entry && entry.open > 0) entry.open--;
    }
  };
  const onExit = (worker: Worker) => {
    held.delete(worker.id);
    waiting.delete(worker.id);
  };
  cluster.on('message', onMessage);
  cluster.on('exit', onExit);

  const fewest = () => {
    let best: { worker: Worker; open: number } | undefined;
    for (const entry of held.values()) if (!best || entry.open < best.open) best = entry;
    return best;
  };
  const server = net.createServer({ pauseOnConnect: true }, (socket) => {
    const entry = fewest();
    if (!entry) {
      socket.destroy();
      return;
    }
    entry.open++;
    // Last in the map: among workers holding as many, the others are handed the next ones first.
    held.delete(entry.worker.id);
    held.set(entry.worker.id, entry);
    entry.worker.send({ type: HANDED, tag } satisfies HandoffMessage, socket, (err) => {
      if (!err) return;
      entry.open = Math.max(0, entry.open - 1);
      socket.destroy();
    });
  });
  return {
    accepting: (worker) =>
      held.has(worker.id)
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiting.set(worker.id, () => {
              waiting.delete(worker.id);
              resolve();
            });
          }),
    listen: async (port, host) => {
      await listenOn(server, { port, host });
      return (server.address() as net.AddressInfo).port;
    },
    close: () => {
      cluster.off('message', onMessage);
      cluster.off('exit', onExit);
      // Not waited on: the listener counts a handed connection as its own until the worker's end
      // of it closes, so its close would wait for every kept-alive connection's idle timeout.
      if (server.listening) server.close();
    },
  };
}

/** What a worker serving handed connections waits on when it stops. */
export interface Handed {
  /** Resolves once every connection handed to it has closed, as `server.close` waits on its own. */
  drained(): Promise<void>;
}

/**
 * In a worker: serves the connections the primary hands it (under `tag`) with `server`. The server
 * first listens on a port of its own on loopback that nobody is told of: Node keeps a server's
 * request timeouts and idle connections only once it listens.
 */
export async function serveHandedConnections(server: http.Server, tag: string): Promise<Handed> {
  await listenOn(server, { port: 0, host: '127.0.0.1', exclusive: true });
  return acceptHandedConnections(server, tag);
}

/** Serves the connections the primary hands under `tag` with `server`, which listens already. */
function acceptHandedConnections(server: http.Server, tag: string): Handed {
  const open = new Set<net.Socket>();
  let emptied: (() => void) | undefined;
  let drained: Promise<void> | undefined;
  process.on('message', (m: unknown, socket?: net.Socket) => {
    if (!isMessage(m, HANDED, tag) || !socket) return;
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      if (process.connected) process.send?.({ type: CLOSED, tag } satisfies HandoffMessage);
      if (!open.size) emptied?.();
    });
    server.emit('connection', socket);
  });
  process.send?.({ type: ACCEPTING, tag } satisfies HandoffMessage);
  return {
    drained: () => {
      if (!open.size) return Promise.resolve();
      drained ??= new Promise<void>((resolve) => {
        emptied = resolve;
      });
      return drained;
    },
  };
}
