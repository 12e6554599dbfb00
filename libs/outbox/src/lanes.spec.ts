import { randomUUID } from 'node:crypto';
import { laneOf, OUTBOX_LANES } from './lanes';

describe('laneOf', () => {
  it('gives a key the same lane every time', () => {
    expect(laneOf('bk_42')).toBe(laneOf('bk_42'));
  });

  it('keeps every lane inside the table and uses all of them', () => {
    const lanes = new Set(Array.from({ length: 2_000 }, (_, i) => laneOf(`booking-${i}`)));
    expect([...lanes].every((lane) => lane >= 0 && lane < OUTBOX_LANES)).toBe(true);
    expect(lanes.size).toBe(OUTBOX_LANES);
  });

  it('spreads keys evenly enough that no lane carries twice its share', () => {
    const counts = new Array<number>(OUTBOX_LANES).fill(0);
    for (let i = 0; i < 16_000; i += 1) counts[laneOf(randomUUID())]! += 1;
    expect(Math.max(...counts)).toBeLessThan(2_000);
  });
});
