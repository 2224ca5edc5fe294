import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.server';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['refused connection', withCode('ECONNREFUSED')],
    ['reset connection', withCode('ECONNRESET')],
    ['server shutting down (admin_shutdown)', withCode('57P01', 'terminating connection due to administrator command')],
    ['server starting up', withCode('57P03', 'the database system is starting up')],
    ['connection failure (class 08)', withCode('08006')],
    ['too many connections', withCode('53300')],
    ['statement timeout', withCode('57014', 'canceling statement due to statement timeout')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['client query timeout', new Error('Query read timeout')],
  ])('%s is an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('reads the cause Drizzle and Better Auth wrap the driver error in, and every address of a refused host', () => {
    const drizzle = new Error('Failed query: select 1', { cause: withCode('57P01') });
    expect(isDatabaseUnavailable(new Error('auth', { cause: drizzle }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe(true);
  });

  it.each([
    ['unique violation', withCode('23505')],
    ['syntax error', withCode('42601')],
    ['malformed uuid', withCode('22P02')],
    ['a bug in our code', new TypeError('Cannot read properties of undefined')],
    ['a thrown string', 'ECONNREFUSED'],
    ['nothing', null],
  ])('%s is not an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on a cause chain that loops', () => {
    const a: Error & { cause?: unknown } = new Error('a');
    a.cause = new Error('b', { cause: a });
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
