import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../src-shared/api/index.js';
import { NULL_KEY } from '../../../src-shared/store/index.js';
import { effectiveSort, matchesSearch, passesResidual, planQuery, type ListQuery } from '../../../src-renderer/list/list-query.js';

const base = (patch: Partial<ListQuery> = {}): ListQuery => ({ endpoint: endpoints.E20, scope: 'E20:', sort: null, filters: [], search: '', ...patch });

describe('planning a list query on the indexes', () => {
  it.each([
    ['no sort, no filter → primary key order', base(), '[scope+key]', null, false],
    ['sort by a sortable field', base({ sort: { field: 'name', descending: false } }), '[scope+k.name]', null, false],
    ['descending sort reads the index backwards', base({ sort: { field: 'name', descending: true } }), '[scope+k.name]', null, true],
    ['catalogue default sort (E21 name)', base({ endpoint: endpoints.E21, scope: 'E21:' }), '[scope+k.name]', null, false],
    ['descending default sort (E2 -creationDateTime)', base({ endpoint: endpoints.E2, scope: 'E2:a/b' }), '[scope+k.creationDateTime]', null, true],
    ['a filter without sort uses its own index', base({ filters: [{ field: 'externalId', op: 'eq', value: 'UG1' }] }), '[scope+k.externalId]', 'externalId', false],
    ['every scope (tables without lists) → key index', base({ scope: null }), 'key', null, false],
  ])('%s', (_, query, index, rangeField, reverse) => {
    const plan = planQuery(query);
    expect(plan.index).toBe(index);
    expect(plan.reverse).toBe(reverse);
    if (rangeField) expect(plan.lower?.key).toBe(plan.upper?.key);
  });

  it('narrows the sort index by range filters on the same field and keeps the rest residual', () => {
    const plan = planQuery(
      base({
        sort: { field: 'creationDateTime', descending: false },
        filters: [
          { field: 'creationDateTime', op: 'gte', value: '2025-01-02' },
          { field: 'creationDateTime', op: 'lt', value: '2025-01-05T00:00:00Z' },
          { field: 'description', op: 'ne', value: 'odd' },
        ],
      }),
    );
    expect(plan.index).toBe('[scope+k.creationDateTime]');
    expect(plan.lower).toEqual({ key: Date.parse('2025-01-02T00:00:00Z'), open: false });
    expect(plan.upper).toEqual({ key: Date.parse('2025-01-05T00:00:00Z'), open: true });
    expect(plan.residual).toEqual([{ field: 'description', op: 'ne', key: 'odd' }]);
    expect(plan.alternative).toBeNull();
  });

  it('offers the filter index as an alternative when sort and filter differ', () => {
    const plan = planQuery(base({ sort: { field: 'name', descending: false }, filters: [{ field: 'externalId', op: 'eq', value: 'UG3' }] }));
    expect(plan.index).toBe('[scope+k.name]');
    expect(plan.residual.map((r) => r.field)).toEqual(['externalId']);
    expect(plan.alternative?.index).toBe('[scope+k.externalId]');
    expect(plan.alternative?.residual).toEqual([]);
  });

  it('ignores filters on fields the endpoint cannot filter, and sorts it cannot sort', () => {
    const plan = planQuery(base({ sort: { field: 'id', descending: false }, filters: [{ field: 'url', op: 'eq', value: 'x' }] }));
    expect(plan.index).toBe('[scope+key]');
    expect(plan.residual).toEqual([]);
    expect(effectiveSort(base({ sort: { field: 'id', descending: false } }))).toBeNull();
  });

  it('encodes booleans and numbers like the stored index keys', () => {
    const plan = planQuery(base({ endpoint: endpoints.E21, scope: 'E21:', filters: [{ field: 'pushEnabled', op: 'eq', value: 'true' }] }));
    // E21 sorts by name by default, so the boolean filter is the alternative plan.
    expect(plan.alternative?.lower?.key).toBe(1);
  });
});

describe('testing rows the index did not narrow', () => {
  it.each([
    ['eq', 5, 5, true],
    ['eq', 5, 6, false],
    ['ne', 5, 6, true],
    ['lt', 4, 5, true],
    ['lte', 5, 5, true],
    ['gt', 5, 5, false],
    ['gte', 5, 5, true],
  ] as const)('%s: %s against %s → %s', (op, value, key, expected) => {
    expect(passesResidual({ f: value }, [{ field: 'f', op, key }])).toBe(expected);
  });

  it('treats a missing key as failing, and lets no unset value through a range, as the API does', () => {
    expect(passesResidual({}, [{ field: 'f', op: 'ne', key: 1 }])).toBe(false);
    for (const op of ['lt', 'lte', 'gt', 'gte'] as const) {
      expect(passesResidual({ f: NULL_KEY }, [{ field: 'f', op, key: 0 }])).toBe(false);
      expect(passesResidual({ f: 0 }, [{ field: 'f', op, key: NULL_KEY }])).toBe(false);
    }
    expect(passesResidual({ f: NULL_KEY }, [{ field: 'f', op: 'eq', key: NULL_KEY }])).toBe(true);
    expect(passesResidual({ f: NULL_KEY }, [{ field: 'f', op: 'ne', key: 0 }])).toBe(true);
  });

  it('searches top-level strings and locale texts, case-insensitively', () => {
    const row = { name: 'Forklift', locales: [{ culture: 'da-DK', title: 'Gaffeltruck' }], n: 5 };
    expect(matchesSearch(row, 'fork')).toBe(true);
    expect(matchesSearch(row, 'gaffel')).toBe(true);
    expect(matchesSearch(row, 'van')).toBe(false);
    expect(matchesSearch(row, '')).toBe(true);
  });
});
