import { formatWall, parseWall } from './wall-clock';

describe('parseWall', () => {
  it('reads back what formatWall wrote, a DST-gap time included', () => {
    const wall = { year: 2027, month: 3, day: 14, hour: 2, minute: 30, second: 0 };
    expect(parseWall(formatWall(wall))).toEqual(wall);
  });

  it.each(['2027-03-14T02:30', '2027-03-14T02:30:00Z', '2027-03-14 02:30:00', ''])('refuses %p', (text) => {
    expect(parseWall(text)).toBeUndefined();
  });
});
