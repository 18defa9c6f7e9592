import { describe, expect, it } from 'vitest';
import { databaseProblem } from './connection-errors.js';

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('databaseProblem', () => {
  it('names an unreachable server, from the error, its cause or one attempt of several', () => {
    const refused = coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    expect(databaseProblem(refused, true)).toBe('cannot reach the database (connect ECONNREFUSED 127.0.0.1:5432): check DATABASE_URL and that PostgreSQL is running there');
    expect(databaseProblem(new Error('a.csv: connect ECONNREFUSED', { cause: refused }), true)).toMatch(/^cannot reach the database/);
    // localhost resolves to ::1 and 127.0.0.1: Node reports both attempts in an AggregateError.
    expect(databaseProblem(new AggregateError([coded('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''), false)).toBe(
      'cannot reach the database (connect ECONNREFUSED ::1:5432): check that the embedded PostgreSQL under DATA_DIR can start',
    );
  });

  it('tells a refused sign-in, a missing database, a server starting up and missing tables apart', () => {
    expect(databaseProblem(coded('password authentication failed for user "rehber"', '28P01'), true)).toMatch(/^the database refused the sign-in/);
    expect(databaseProblem(coded('database "rehbr" does not exist', '3D000'), true)).toMatch(/^the database does not exist \(database "rehbr" does not exist\)/);
    expect(databaseProblem(coded('the database system is starting up', '57P03'), true)).toMatch(/^the database cannot take connections now/);
    expect(databaseProblem(coded('select * from "businesses" - relation "businesses" does not exist', '42P01'), true)).toBe(
      'the database has no rehber tables: run rehber db migrate',
    );
  });

  it('reads an error that lost its code crossing a thread by its message', () => {
    expect(databaseProblem(new Error('Connection terminated unexpectedly'), true)).toMatch(/^lost the database \(Connection terminated\)/);
    expect(databaseProblem(new Error('relation "imports" does not exist'), true)).toBe('the database has no rehber tables: run rehber db migrate');
  });

  it('leaves every other error to its own message', () => {
    expect(databaseProblem(new Error('a.csv: no such file'), true)).toBeNull();
    expect(databaseProblem(coded('duplicate key', '23505'), true)).toBeNull();
    expect(databaseProblem('text', true)).toBeNull();
  });
});
