import type { TTeamMemberRow } from '@portal/contracts';
import { describe, expect, test } from 'vitest';
import { referralRows, type TFirstLineLoad } from './referral-rows';

const member = (id: number, firstLine = 0): TTeamMemberRow => ({
  id,
  username: null,
  first_name: `P${id}`,
  last_name: 'T',
  email: `p${id}@example.com`,
  country_code: 'PT',
  date_joined: '2026-01-02T10:00:00Z',
  mentor_id: null,
  tariff: null,
  status: null,
  leg: 'left',
  first_line_count: firstLine,
  downline_count: firstLine,
});

describe('the sponsor tree rows', () => {
  const loads = new Map<number, TFirstLineLoad>([
    [1, { members: [member(2, 2), member(3)], hasMore: true, loading: false }],
    [2, { members: [member(4)], hasMore: false, loading: true }],
  ]);
  const keys = (open: number[]) =>
    referralRows(1, new Set(open), (id) => loads.get(id)).map((row) => `${row.key}@${row.depth}`);

  test('the first line, then a "load more" while pages remain', () => {
    expect(keys([])).toEqual(['m2@0', 'm3@0', 'more1@0']);
  });

  test('an opened partner shows their first line as far as loaded, and the page on its way', () => {
    expect(keys([2])).toEqual(['m2@0', 'm4@1', 'more2@1', 'm3@0', 'more1@0']);
  });

  test('a partner with nobody invited does not open', () => {
    expect(keys([3])).toEqual(['m2@0', 'm3@0', 'more1@0']);
  });

  test('a partner listed twice (a bad answer) is shown once, and nothing loops', () => {
    const looping = new Map<number, TFirstLineLoad>([
      [1, { members: [member(2, 1)], hasMore: false, loading: false }],
      [2, { members: [member(2, 1), member(1, 1)], hasMore: false, loading: false }],
    ]);
    expect(referralRows(1, new Set([1, 2]), (id) => looping.get(id)).map((row) => row.key)).toEqual(['m2']);
  });
});
