import { describe, expect, it } from 'vitest';
import { bettingState, nextPeriods, periodAt, periodById, type LotterySchedule } from './lottery-schedule.ts';
import { QUICK_5D, SEA_5D, VN_5D } from './lottery-tables.ts';

const UTC5: LotterySchedule = { periodSeconds: 300, closeSeconds: 30, utcOffsetMinutes: 0 };
const at = (iso: string) => Date.parse(iso);

describe('lottery schedule', () => {
  it('numbers the periods of a day from 1 and gives open, close and draw times', () => {
    expect(periodAt(UTC5, at('2026-11-23T00:00:00Z'))).toEqual({
      periodId: '20261123-0001',
      day: '20261123',
      number: 1,
      opensAt: at('2026-11-23T00:00:00Z'),
      closesAt: at('2026-11-23T00:04:30Z'),
      drawAt: at('2026-11-23T00:05:00Z'),
    });
    expect(periodAt(UTC5, at('2026-11-23T15:12:48Z')).periodId).toBe('20261123-0183');
    expect(periodAt(UTC5, at('2026-11-23T23:59:59.999Z')).periodId).toBe('20261123-0288');
    expect(periodAt(UTC5, at('2026-11-24T00:00:00Z')).periodId).toBe('20261124-0001');
  });

  it('the draw instant belongs to the next period', () => {
    const first = periodAt(UTC5, at('2026-11-23T00:04:59.999Z'));
    const second = periodAt(UTC5, first.drawAt);
    expect(second.number).toBe(first.number + 1);
    expect(second.opensAt).toBe(first.drawAt);
  });

  it('follows the schedule time zone for days and numbers', () => {
    // 02:00 UTC is 23:00 the day before in Brasília (UTC-3): period 277 of the 22nd.
    expect(periodAt(QUICK_5D.schedule, at('2026-11-23T02:00:00Z')).periodId).toBe('20261122-0277');
    // 17:00 UTC is 00:00 the next day in UTC+7: period 1 of the 24th, every 3 minutes.
    const vn = periodAt(VN_5D.schedule, at('2026-11-23T17:00:00Z'));
    expect(vn).toMatchObject({ periodId: '20261124-0001', closesAt: at('2026-11-23T17:02:40Z') });
    expect(periodAt(SEA_5D.schedule, at('2026-11-23T16:01:30Z')).periodId).toBe('20261124-0002');
  });

  it('finds a period by id, round trip', () => {
    for (const schedule of [UTC5, QUICK_5D.schedule, VN_5D.schedule, SEA_5D.schedule]) {
      const period = periodAt(schedule, at('2026-02-28T21:17:03Z'));
      expect(periodById(schedule, period.periodId)).toEqual(period);
    }
    expect(periodById(SEA_5D.schedule, '20261231-0960').drawAt).toBe(at('2027-01-01T00:00:00+08:00'));
  });

  it.each([
    '',
    '20261123-0000',
    '20261123-0289',
    '20261131-0001',
    '2026-11-23-0001',
    '20261123-1',
    ' 20261123-0001',
  ])('refuses the period id %j', (id) => {
    expect(() => periodById(UTC5, id)).toThrow(expect.objectContaining({ code: 'lottery_unknown_period' }));
  });

  it('takes bets until the close gap, not before the period opens', () => {
    const period = periodById(UTC5, '20261123-0100');
    expect(bettingState(period, period.opensAt - 1)).toBe('upcoming');
    expect(bettingState(period, period.opensAt)).toBe('open');
    expect(bettingState(period, period.closesAt - 1)).toBe('open');
    expect(bettingState(period, period.closesAt)).toBe('closed');
    expect(bettingState(period, period.drawAt + 1)).toBe('closed');
  });

  it('lists the coming periods across midnight', () => {
    const periods = nextPeriods(UTC5, at('2026-11-23T23:52:00Z'), 3);
    expect(periods.map((p) => p.periodId)).toEqual(['20261123-0287', '20261123-0288', '20261124-0001']);
  });

  it.each([
    [{ periodSeconds: 7, closeSeconds: 0, utcOffsetMinutes: 0 }],
    [{ periodSeconds: 700, closeSeconds: 0, utcOffsetMinutes: 0 }],
    [{ periodSeconds: 300, closeSeconds: 300, utcOffsetMinutes: 0 }],
    [{ periodSeconds: 300, closeSeconds: -1, utcOffsetMinutes: 0 }],
    [{ periodSeconds: 300, closeSeconds: 30, utcOffsetMinutes: 15 * 60 }],
  ])('refuses the schedule %j', (schedule) => {
    expect(() => periodAt(schedule, 0)).toThrow(expect.objectContaining({ code: 'lottery_bad_schedule' }));
  });

  it('refuses a time that is not epoch milliseconds', () => {
    expect(() => periodAt(UTC5, Number.NaN)).toThrow(expect.objectContaining({ code: 'lottery_bad_time' }));
  });
});
