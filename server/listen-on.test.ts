import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOn } from './listen-on.js';

const servers: http.Server[] = [];
const serving = () => {
  const s = http.createServer((_req, res) => res.end('ok'));
  servers.push(s);
  return s;
};
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => (s.listening ? s.close(done) : done(undefined)))));
});

describe('listenOn', () => {
  it('rejects with the error that kept a server from listening, and leaves no listener of its own behind', async () => {
    const first = serving();
    await listenOn(first, { port: 0, host: '127.0.0.1' });
    const { port } = first.address() as AddressInfo;
    const second = serving();
    await expect(listenOn(second, { port, host: '127.0.0.1' })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(second.listenerCount('error')).toBe(0);
  });

  it('loses a connection the system cannot accept alone: the server goes on answering', async () => {
    const s = serving();
    await listenOn(s, { port: 0, host: '127.0.0.1' });
    // How Node reports an accept that failed (too many open files): the server's own 'error', which unheard ends the process.
    const refused = Object.assign(new Error('accept EMFILE'), { code: 'EMFILE', syscall: 'accept' });
    expect(() => {
      s.emit('error', refused);
      s.emit('error', refused);
    }).not.toThrow();
    const { port } = s.address() as AddressInfo;
    const body = await new Promise<string>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port, path: '/' }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk));
        res.on('end', () => resolve(text));
      }).on('error', reject),
    );
    expect(body).toBe('ok');
  });
});
