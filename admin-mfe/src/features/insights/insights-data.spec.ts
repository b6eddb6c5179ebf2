import {
  actionRows,
  change,
  dailyRows,
  describeShares,
  deviceRows,
  formatPercent,
  referrerRows,
} from './insights-data';

describe('the insights numbers, shaped for the charts and their tables', () => {
  it('says how a number changed on the period before, in words and as a signed percentage', () => {
    expect(change(120, 100)).toMatchObject({ text: '+20%', direction: 'up' });
    expect(change(75, 100)).toMatchObject({ text: '−25%', direction: 'down' });
    expect(change(100, 100)).toMatchObject({ text: 'no change', direction: 'same' });
    // From nothing, no percentage can be given.
    expect(change(5, 0)).toMatchObject({ text: 'new', direction: 'up' });
    // A small change still says which way it went.
    expect(change(1001, 1000)).toMatchObject({ text: '+<1%', direction: 'up' });
    // Indian grouping for a big one.
    expect(change(123_456, 10).text).toBe('+12,34,460%');
    expect(change(150, 100).spoken).toBe('up 50% on the period before');
  });

  it('writes shares and conversions as percentages', () => {
    expect(formatPercent(0.25)).toBe('25%');
    expect(formatPercent(0.025)).toBe('2.5%');
    expect(formatPercent(1 / 3)).toBe('33%');
    expect(formatPercent(0)).toBe('0%');
  });

  it('puts each day beside the same day of the period before', () => {
    const rows = dailyRows({
      days: [
        { day: '2026-12-01', views: 10, visitors: 4 },
        { day: '2026-12-02', views: 3, visitors: 2 },
      ],
      previous: {
        from: '2026-11-29',
        to: '2026-11-30',
        views: 7,
        visitors: 5,
        days: [
          { day: '2026-11-29', views: 6, visitors: 4 },
          { day: '2026-11-30', views: 1, visitors: 1 },
        ],
      },
    });
    expect(rows).toEqual([
      {
        day: '2026-12-01',
        label: '1 Dec',
        views: 10,
        visitors: 4,
        previousDay: '2026-11-29',
        previousViews: 6,
        previousVisitors: 4,
      },
      {
        day: '2026-12-02',
        label: '2 Dec',
        views: 3,
        visitors: 2,
        previousDay: '2026-11-30',
        previousViews: 1,
        previousVisitors: 1,
      },
    ]);
  });

  it('lists every device and every action, with zeros, in a fixed order and with shares', () => {
    expect(
      deviceRows([
        { device: 'desktop', views: 1 },
        { device: 'phone', views: 3 },
      ]),
    ).toEqual([
      { key: 'phone', label: 'Phones', value: 3, share: 0.75 },
      { key: 'tablet', label: 'Tablets', value: 0, share: 0 },
      { key: 'desktop', label: 'Desktops', value: 1, share: 0.25 },
    ]);
    expect(
      actionRows([{ action: 'whatsapp', count: 2 }]).map((row) => [row.label, row.value]),
    ).toEqual([
      ['WhatsApp chats', 2],
      ['Calls', 0],
      ['E-mails', 0],
      ['Enquiry forms sent', 0],
      ['Call-back forms sent', 0],
    ]);
  });

  it('names the referrer groups, keeping the API’s order, and describes a chart in a sentence', () => {
    const rows = referrerRows({
      groups: [
        { group: 'search', views: 3 },
        { group: 'direct', views: 1 },
        { group: 'social', views: 0 },
      ],
    });
    expect(rows.map((row) => row.label)).toEqual([
      'Search engines',
      'Direct (no referrer)',
      'Social networks',
    ]);
    expect(describeShares('Sources', rows)).toBe(
      'Sources: Search engines 3 (75%), Direct (no referrer) 1 (25%), Social networks 0 (0%)',
    );
    expect(describeShares('Sources', deviceRows([]))).toBe('Sources: nothing counted yet');
  });
});
