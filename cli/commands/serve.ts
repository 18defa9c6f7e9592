import type { Command } from 'commander';
import { UsageError } from '../exit.js';

/** `rehber serve`: the same flow as `make start` (server/start.ts), flags overriding PORT and HOST. */
export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('run the web server (migrates, loads the sample into an empty database, ensures an admin)')
    .option('--port <port>', 'port to listen on (PORT)')
    .option('--host <host>', 'address to listen on (HOST)')
    .action(async (opts: { port?: string; host?: string }) => {
      if (opts.port !== undefined && !/^\d+$/.test(opts.port)) throw new UsageError(`Invalid --port: ${opts.port}`);
      // Loaded here: every other command (an import from cron) would otherwise carry the whole server.
      const { runUntilSignal } = await import('../../server/run.js');
      await runUntilSignal({ ...process.env, ...(opts.port ? { PORT: opts.port } : {}), ...(opts.host ? { HOST: opts.host } : {}) });
    });
}
