/**
 * What an operator should read when the database is the problem: one line saying what went wrong
 * and what to do, instead of a driver's message or a raw SQL error. Null when the error is not
 * about reaching the database or its schema (the caller then shows the error's own message).
 */
export function databaseProblem(err: unknown, usingUrl: boolean): string | null {
  const where = usingUrl ? 'check DATABASE_URL and that PostgreSQL is running there' : 'check that the embedded PostgreSQL under DATA_DIR can start';
  for (const e of causes(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code === '42P01') return 'the database has no rehber tables: run rehber db migrate';
    if (code === '42703') return 'the database is not up to date with this version of rehber: run rehber db migrate';
    if (UNREACHABLE.has(code)) return `cannot reach the database (${reason(e)}): ${where}`;
    if (code === '28P01' || code === '28000') return `the database refused the sign-in (${reason(e)}): check the user and password in DATABASE_URL`;
    if (code === '3D000') return `the database does not exist (${reason(e)}): create it, or check its name in DATABASE_URL`;
    if (code === '57P03' || code === '57P01' || code === '53300') return `the database cannot take connections now (${reason(e)}): try again in a moment`;
    if (e.name === 'KnexTimeoutError') return `the database did not answer in time: ${where}`;
  }
  // An error that crossed a thread (the import worker) keeps only its message.
  const message = err instanceof Error ? err.message : '';
  if (/relation "[^"]+" does not exist/.test(message)) return 'the database has no rehber tables: run rehber db migrate';
  const lost = /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH)\b|Connection terminated|terminating connection|the database system is [a-z ]+/.exec(message);
  if (lost) return `lost the database (${lost[0]}): ${where}`;
  if (/password authentication failed/.test(message)) return 'the database refused the sign-in: check the user and password in DATABASE_URL';
  return null;
}

// Network failures (Node's codes) and the server closing the connection before answering.
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EPIPE']);

type Described = { code?: unknown; name?: string; message?: string; cause?: unknown; errors?: unknown };

/** The error, its causes, and the attempts of an AggregateError (a host with an IPv4 and an IPv6 address). */
function causes(err: unknown, depth = 0): Described[] {
  if (!err || typeof err !== 'object' || depth > 5) return [];
  const e = err as Described;
  const inner = Array.isArray(e.errors) ? e.errors.flatMap((x) => causes(x, depth + 1)) : [];
  return [e, ...inner, ...causes(e.cause, depth + 1)];
}

/** The driver's own words, first line only, without the SQL knex puts before them. */
function reason(e: Described): string {
  const message = (e.message ?? String(e.code)).split('\n')[0];
  return message.includes(' - ') ? message.slice(message.lastIndexOf(' - ') + 3) : message;
}
