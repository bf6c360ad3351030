import { describe, expect, it } from 'vitest';
import { changedFields } from './diff';

describe('changedFields', () => {
  it('lists only the fields whose values differ, nested values compared whole', () => {
    expect(
      changedFields(
        { name: 'Bear Den', baseNightly: 300, seasons: [{ from: '2031-01-01' }], published: true },
        { name: 'Bear Den', baseNightly: 325, seasons: [{ from: '2031-01-02' }], published: true },
      ),
    ).toEqual([
      { field: 'baseNightly', before: '300', after: '325' },
      {
        field: 'seasons',
        before: '[\n {\n  "from": "2031-01-01"\n }\n]',
        after: '[\n {\n  "from": "2031-01-02"\n }\n]',
      },
    ]);
  });

  it('shows every field of a record created or deleted against a dash', () => {
    expect(changedFields(null, { reason: 'Maintenance', checkIn: '2031-02-01' })).toEqual([
      { field: 'reason', before: '—', after: 'Maintenance' },
      { field: 'checkIn', before: '—', after: '2031-02-01' },
    ]);
    expect(changedFields({ reason: 'Maintenance' }, null)).toEqual([
      { field: 'reason', before: 'Maintenance', after: '—' },
    ]);
  });
});
