import { describe, expect, it } from 'vitest';
import { jobTimings } from './runner.server';

describe('jobTimings', () => {
  it('keeps the default take-over of a dead run at about a minute (heartbeat 20 s)', () => {
    expect(jobTimings(20)).toEqual({ heartbeatSeconds: 20, superviseIntervalSeconds: 15, retryDelay: 30, pollingIntervalSeconds: 10 });
  });

  it('scales down with the shortest heartbeat pg-boss allows, never below a second', () => {
    expect(jobTimings(10)).toEqual({ heartbeatSeconds: 10, superviseIntervalSeconds: 8, retryDelay: 15, pollingIntervalSeconds: 5 });
    for (const s of [10, 11, 600]) expect(Math.min(...Object.values(jobTimings(s)))).toBeGreaterThanOrEqual(1);
  });
});
