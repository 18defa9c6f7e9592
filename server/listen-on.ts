/**
 * The one way rehber's servers start listening: the app's (one process, or the primary's handoff
 * listener), a worker's own loopback port, and the metrics listener.
 */
import type net from 'node:net';

/**
 * `server` listening on `options`. Rejects with the error that kept it from listening (a port in
 * use). Once it listens, a connection the system cannot accept (too many open files) is lost alone
 * and the listener goes on, as node:cluster's own listener does: Node emits that failure as the
 * server's 'error', which, unheard, ends the process.
 */
export function listenOn(server: net.Server, options: net.ListenOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options, () => {
      server.off('error', reject);
      server.on('error', () => {});
      resolve();
    });
  });
}
