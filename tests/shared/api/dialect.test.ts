import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FILTER_OPS,
  isDialectProblem,
  productionDialect as dialect,
  type Filter,
  type FilterOp,
  type SortKey,
} from '../../../src-shared/api/index.js';

/**
 * The production dialect's exact wire form: what the client puts in a URL and what the
 * server reads from one. Seeded like the other property tests; DIALECT_SEED and
 * DIALECT_RUNS explore further.
 */
const SEED = Number(process.env.DIALECT_SEED ?? 20_260_601);
const RUNS = Number(process.env.DIALECT_RUNS ?? 300);

describe('filters on the wire', () => {
  it('knows exactly the six operators', () => {
    expect([...FILTER_OPS]).toEqual(['eq', 'ne', 'lt', 'lte', 'gt', 'gte']);
  });

  it.each<[FilterOp, [string, string]]>([
    ['eq', ['points', '500']],
    ['ne', ['points[ne]', '500']],
    ['lt', ['points[lt]', '500']],
    ['lte', ['points[lte]', '500']],
    ['gt', ['points[gt]', '500']],
    ['gte', ['points[gte]', '500']],
  ])('encodes %s as %j', (op, wire) => {
    expect(dialect.encodeFilter({ field: 'points', op, value: '500' })).toEqual(wire);
  });

  it.each<[string, string, Filter]>([
    ['points', '500', { field: 'points', op: 'eq', value: '500' }],
    ['points[eq]', '500', { field: 'points', op: 'eq', value: '500' }],
    ['points[ne]', '500', { field: 'points', op: 'ne', value: '500' }],
    ['points[lt]', '500', { field: 'points', op: 'lt', value: '500' }],
    ['points[lte]', '500', { field: 'points', op: 'lte', value: '500' }],
    ['points[gt]', '500', { field: 'points', op: 'gt', value: '500' }],
    ['points[gte]', '500', { field: 'points', op: 'gte', value: '500' }],
    ['creationDateTime[gte]', '2024-01-01', { field: 'creationDateTime', op: 'gte', value: '2024-01-01' }],
    ['userId', '', { field: 'userId', op: 'eq', value: '' }],
    ['colour', 'a=b&c[d]', { field: 'colour', op: 'eq', value: 'a=b&c[d]' }],
  ])('decodes %s=%s', (name, value, filter) => {
    expect(dialect.decodeFilter(name, value)).toEqual(filter);
  });

  it.each(['points[like]', 'points[LT]', 'points[Gte]', 'points[lessThan]'])('calls %s a malformed filter, naming the operators', (name) => {
    const decoded = dialect.decodeFilter(name, '1');
    expect(isDialectProblem(decoded)).toBe(true);
    expect(decoded).toEqual({ parameter: name, message: expect.stringContaining('eq, ne, lt, lte, gt, gte') });
  });

  it.each(['', '1points', 'points[]', 'points[lt', 'points]lt[', 'points[lt][gt]', 'user_id', 'a.b', 'points[l1]', '[lt]'])(
    'does not read %j as a filter at all',
    (name) => {
      expect(dialect.decodeFilter(name, '1')).toBeNull();
    },
  );
});

describe('sorts on the wire', () => {
  it.each<[readonly SortKey[], string]>([
    [[], ''],
    [[{ field: 'name', descending: false }], 'name'],
    [[{ field: 'name', descending: true }], '-name'],
    [
      [
        { field: 'a', descending: false },
        { field: 'b', descending: true },
      ],
      'a,-b',
    ],
    [
      [
        { field: 'points', descending: true },
        { field: 'courseLessonId', descending: false },
      ],
      '-points,courseLessonId',
    ],
  ])('encodes %j as %j', (keys, wire) => {
    expect(dialect.encodeSort(keys)).toBe(wire);
  });

  it.each<[string, SortKey[]]>([
    ['a,-b', [{ field: 'a', descending: false }, { field: 'b', descending: true }]],
    ['-creationDateTime', [{ field: 'creationDateTime', descending: true }]],
    // A leading plus (sent as %2B) means ascending and is not part of the name.
    ['+name', [{ field: 'name', descending: false }]],
    ['+a,-b,+c', [{ field: 'a', descending: false }, { field: 'b', descending: true }, { field: 'c', descending: false }]],
    // Empty parts and blanks around names are no keys.
    ['a,,b', [{ field: 'a', descending: false }, { field: 'b', descending: false }]],
    [',a,', [{ field: 'a', descending: false }]],
    [' a , -b ', [{ field: 'a', descending: false }, { field: 'b', descending: true }]],
    ['', []],
    [',', []],
    // A sign with no name after it is no key either.
    ['-', []],
    ['+', []],
    ['a,-,+', [{ field: 'a', descending: false }]],
    // Unknown fields are read as given: the server, which knows the list, refuses them.
    ['colour', [{ field: 'colour', descending: false }]],
    ['--a', [{ field: '-a', descending: true }]],
    ['+-a', [{ field: '-a', descending: false }]],
  ])('decodes %j', (wire, keys) => {
    expect(dialect.decodeSort(wire)).toEqual(keys);
  });
});

/** Field names the dialect can carry: a letter, then letters and digits. */
const fieldName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,20}$/);

describe('parse ∘ format', () => {
  it('gives back every filter, through a real query string', () => {
    const filter = fc.record({ field: fieldName, op: fc.constantFrom(...FILTER_OPS), value: fc.string({ unit: 'grapheme', maxLength: 30 }) });
    fc.assert(
      fc.property(filter, (f) => {
        const query = new URLSearchParams([dialect.encodeFilter(f)]).toString();
        const [[name, value]] = [...new URLSearchParams(query).entries()] as [[string, string]];
        expect(dialect.decodeFilter(name, value)).toEqual(f);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('gives back every list of sort keys, through a real query string', () => {
    const keys = fc.array(fc.record({ field: fieldName, descending: fc.boolean() }), { maxLength: 6 });
    fc.assert(
      fc.property(keys, (k) => {
        const query = new URLSearchParams({ sort: dialect.encodeSort(k) }).toString();
        expect(dialect.decodeSort(new URLSearchParams(query).get('sort')!)).toEqual(k);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('writes back a canonical sort exactly as read', () => {
    const canonical = fc.array(fc.tuple(fc.constantFrom('', '-'), fieldName).map(([sign, name]) => sign + name), { maxLength: 6 }).map((parts) => parts.join(','));
    fc.assert(
      fc.property(canonical, (wire) => {
        expect(dialect.encodeSort(dialect.decodeSort(wire))).toBe(wire);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
