import { describe, expect, it } from 'vitest';
import { MAX_RANGES, parseRange } from './byte-ranges';

describe('parseRange (RFC 9110 §14)', () => {
  const size = 1000;
  it.each([
    ['bytes=0-99', [{ start: 0, end: 99 }]],
    ['bytes=990-', [{ start: 990, end: 999 }]],
    ['bytes=-10', [{ start: 990, end: 999 }]],
    ['bytes=-5000', [{ start: 0, end: 999 }]],
    ['bytes=900-5000', [{ start: 900, end: 999 }]],
    [
      'BYTES = 0-0 , 10-19',
      [
        { start: 0, end: 0 },
        { start: 10, end: 19 },
      ],
    ],
    // A range past the end is dropped; the others stay.
    ['bytes=0-9, 2000-3000', [{ start: 0, end: 9 }]],
  ])('%s asks for %j', (header, ranges) => {
    expect(parseRange(header, size)).toEqual({ kind: 'ranges', ranges });
  });

  it.each([undefined, '', 'bytes', 'items=0-9', 'bytes=', 'bytes=a-b', 'bytes=-', 'bytes=9-1', 'bytes=0-9,,', 'bytes=1e3-', 'bytes=0-99, 50-150', 'bytes=500-599, 0-9'])(
    '%j asks for the whole file (absent, malformed, overlapping or out of order)',
    (header) => {
      expect(parseRange(header, size)).toEqual({ kind: 'whole' });
    },
  );

  it('past the end, or an empty suffix, is unsatisfiable', () => {
    for (const header of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) expect(parseRange(header, size), header).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it(`takes the ${MAX_RANGES} ranges electron-updater may ask in one request, and answers more with the whole file`, () => {
    const ranges = (n: number) => `bytes=${Array.from({ length: n }, (_, i) => `${i * 2}-${i * 2}`).join(', ')}`;
    const asked = parseRange(ranges(MAX_RANGES), 10_000);
    expect(asked.kind === 'ranges' && asked.ranges.length).toBe(MAX_RANGES);
    expect(parseRange(ranges(MAX_RANGES + 1), 10_000)).toEqual({ kind: 'whole' });
  });
});
