/**
 * What the server answers a request Node could not read: a request line and headers past its
 * 16 KB (a URL of 17,000 characters), a malformed request, one that took too long to arrive. Node
 * answered these with a status and no body (an empty 431); each now carries `{message}` like every
 * other refusal (server/middleware/errors.ts), and the connection closes as Node closes it.
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';

/** By Node's error code: the status, its reason phrase and the message. Any other code is a 400. */
const ANSWERS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The URL and headers of the request are too long: 16 KB at most'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', 'The request body has chunk extensions too long'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive'],
};
const BAD_REQUEST: [number, string, string] = [400, 'Bad Request', 'The request is not well-formed HTTP'];

/** How long a closing connection may take to read what its client still sends (a long URL's rest): its answer then arrives instead of a reset. */
const DRAIN_MS = 1_000;

export function answerClientErrors(server: http.Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // As Node's own handler: no answer on a connection already gone, or under an answer already
    // begun (a pipelined request's, whose bytes an error's would corrupt).
    const inFlight = (socket as Duplex & { _httpMessage?: http.ServerResponse | null })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, reason, message] = ANSWERS[err.code ?? ''] ?? BAD_REQUEST;
    const body = JSON.stringify({ message });
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    // Read and drop the rest of the request for a moment: closed with unread bytes, the
    // connection would be reset and the client might never see the answer.
    socket.on('data', () => {});
    socket.resume();
    setTimeout(() => socket.destroy(), DRAIN_MS).unref();
  });
}
