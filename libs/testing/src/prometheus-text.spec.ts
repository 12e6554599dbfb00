import { sampleSum } from './prometheus-text';

const EXPOSITION = `# HELP holds_total Hold requests
# TYPE holds_total counter
holds_total{service="booking",kind="hold",outcome="created"} 3
holds_total{service="booking",kind="hold",outcome="slot_unavailable"} 1
holds_total{service="booking",kind="series",outcome="created"} 2
outbox_backlog{service="booking"} 0
process_cpu_seconds_total 1.5`;

describe('sampleSum', () => {
  it('adds the samples whose labels include the ones asked for', () => {
    expect(sampleSum(EXPOSITION, 'holds_total', { outcome: 'created' })).toBe(5);
    expect(sampleSum(EXPOSITION, 'holds_total', { kind: 'hold' })).toBe(4);
    expect(sampleSum(EXPOSITION, 'process_cpu_seconds_total')).toBe(1.5);
  });

  it('is 0 for a metric or a label value that is not there', () => {
    expect(sampleSum(EXPOSITION, 'holds', {})).toBe(0);
    expect(sampleSum(EXPOSITION, 'holds_total', { outcome: 'replayed' })).toBe(0);
  });
});
