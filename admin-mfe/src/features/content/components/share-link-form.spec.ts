import { shareLinkBody, validateShareLink } from './share-link-form';

const ID = '665f1c2e8b3e4a0012345678';
const now = new Date(2026, 11, 2, 10, 0);

describe('the share link form', () => {
  it('asks for days, 7 unless chosen otherwise', () => {
    expect(shareLinkBody('product', ID, { expiry: '7', date: '' })).toEqual({
      kind: 'product',
      id: ID,
      expiresInDays: 7,
    });
    expect(validateShareLink({ expiry: '30', date: '' }, now)).toEqual({});
  });

  it('turns a chosen day into the end of that local day', () => {
    const body = shareLinkBody('service', ID, { expiry: 'date', date: '2026-12-24' });
    expect(body).toEqual({
      kind: 'service',
      id: ID,
      expiresAt: new Date(2026, 11, 24, 23, 59, 59).toISOString(),
    });
  });

  it('refuses a missing, past or too distant day before sending', () => {
    const date = (value: string) => validateShareLink({ expiry: 'date', date: value }, now).date;
    expect(date('')).toBe('Choose the day the link stops working');
    expect(date('2026-12-01')).toBe('Choose today or a later day');
    expect(date('2026-12-02')).toBeUndefined();
    expect(date('2027-03-31')).toBe('Choose a day within 90 days');
  });
});
