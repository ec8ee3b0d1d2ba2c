import { describe, expect, it } from 'vitest';
import { HotCounter, HotHistogram } from './hot-metrics.ts';

describe('hot metrics in the Prometheus text format', () => {
  it('renders cumulative buckets (bounds inclusive), +Inf, sum and count per series', () => {
    const h = new HotHistogram('t_seconds', 'A test histogram', ['route', 'code'], [0.1, 1]);
    const a = h.child({ route: '/a', code: 'OK' });
    for (const v of [0.05, 0.1, 0.5, 2]) a.observe(v);
    h.child({ code: 'x', route: '/b' }).observe(1);
    // The same label values give back the same series.
    expect(h.child({ route: '/a', code: 'OK' })).toBe(a);
    expect(h.render()).toBe(
      [
        '# HELP t_seconds A test histogram',
        '# TYPE t_seconds histogram',
        't_seconds_bucket{route="/a",code="OK",le="0.1"} 2',
        't_seconds_bucket{route="/a",code="OK",le="1"} 3',
        't_seconds_bucket{route="/a",code="OK",le="+Inf"} 4',
        't_seconds_sum{route="/a",code="OK"} 2.65',
        't_seconds_count{route="/a",code="OK"} 4',
        't_seconds_bucket{route="/b",code="x",le="0.1"} 0',
        't_seconds_bucket{route="/b",code="x",le="1"} 1',
        't_seconds_bucket{route="/b",code="x",le="+Inf"} 1',
        't_seconds_sum{route="/b",code="x"} 1',
        't_seconds_count{route="/b",code="x"} 1',
        '',
      ].join('\n'),
    );
  });

  it('counts per series and escapes label values', () => {
    const c = new HotCounter('t_total', 'A test counter', ['kind']);
    const deposit = c.child({ kind: 'DEPOSIT' });
    deposit.inc();
    deposit.inc();
    c.child({ kind: 'a"b\\c\nd' }).inc();
    expect(c.render()).toBe(
      [
        '# HELP t_total A test counter',
        '# TYPE t_total counter',
        't_total{kind="DEPOSIT"} 2',
        't_total{kind="a\\"b\\\\c\\nd"} 1',
        '',
      ].join('\n'),
    );
  });
});
