/**
 * The flags Node runs the web server with: `make start`, the systemd unit
 * (docs/production/rehber.service) and `make bench`'s server child give them alike
 * (node-flags.test.ts holds the first two to it). Workers of SERVER_PROCESSES inherit them.
 *
 * A page's render makes much short-lived garbage (its React elements, rows, strings): with V8's
 * default young generation (16 MB a semi-space on 64-bit Node 20) a good part of it outlived the
 * scavenges and was promoted, and old-generation collections then held requests up. At 32 MB, on
 * the generated million at 32 connections (`make bench`, alternated with the default): a category
 * in a district 486-518 → 561 req/s (p99 138-164 → 107 ms), in a city 441-443 → 465, near me in a
 * small city 587-623 → 629-663 (at 64 MB), the server's CPU a request 7-16% less; 64 MB gave the
 * same, 128 MB no more. The cost is memory: V8 sizes the young generation at three semi-spaces, so
 * up to 48 MB more a process than the default.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'] as const;
