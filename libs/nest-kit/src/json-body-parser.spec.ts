import { nestingExceeds } from './json-body-parser';

describe('nestingExceeds', () => {
  it('counts arrays and objects opened inside one another', () => {
    expect(nestingExceeds('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(nestingExceeds('{"a":[{"b":[1]}]}', 3)).toBe(true);
  });

  it('counts depth, not how many containers there are', () => {
    expect(nestingExceeds(`[${'[1],'.repeat(10_000)}[1]]`, 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestingExceeds('{"text":"[[[[{{{{ \\" [[[["}', 1)).toBe(false);
    expect(nestingExceeds('{"text":"\\\\"}', 1)).toBe(false);
  });

  it('finds a million-deep array without recursing', () => {
    expect(nestingExceeds('['.repeat(1_000_000), 32)).toBe(true);
  });
});
