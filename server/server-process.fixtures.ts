/** For tests: `make start`'s server (server/main.ts) in a process of its own. */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  child: ChildProcess;
  /** Its URL, once it prints that it is serving (rejects if it exits first). */
  serving: Promise<string>;
  exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then its exit. */
  stop(): Promise<number | null>;
}

/** `args` after node: the sources through tsx unless told (the production test runs the build). */
export function startServerProcess(env: NodeJS.ProcessEnv, args = ['--import', 'tsx', 'server/main.ts']): ServerProcess {
  const child: ChildProcess = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const serving = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const m = out.match(/rehber is serving (\S+)/);
      if (m) resolve(m[1]);
    });
    exited.then((code) => reject(new Error(`exited with ${code} before serving: ${err}`)));
  });
  // The rejection matters only to a test that awaits `serving`.
  serving.catch(() => {});
  return {
    child,
    serving,
    exited,
    stdout: () => out,
    stderr: () => err,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
