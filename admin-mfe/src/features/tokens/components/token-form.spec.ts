import { initialTokenValues, rightsSummary, tokenBody, validateToken } from './token-form';

describe('the API token form', () => {
  it('sends the chosen rights per entity, the expiry and the allowed addresses', () => {
    const values = initialTokenValues();
    values.name = '  Catalogue sync ';
    values.access = 'custom';
    values.rights.product = { read: true, write: true, publish: false };
    values.rights.enquiry = { read: true };
    values.expiresInDays = 'never';
    values.allowedAddresses = '203.0.113.9\n198.51.100.0/24, ';
    expect(tokenBody(values)).toEqual({
      name: 'Catalogue sync',
      rights: { product: ['read', 'write'], enquiry: ['read'] },
      expiresInDays: null,
      allowedAddresses: ['203.0.113.9', '198.51.100.0/24'],
    });
  });

  it('asks for a name, and for a right when access is custom', () => {
    const values = { ...initialTokenValues(), access: 'custom' as const };
    expect(validateToken(values)).toEqual({
      name: 'Name is required',
      rights: 'Choose at least one right',
    });
  });

  it('sums rights up as the list shows them', () => {
    expect(rightsSummary('read-only')).toBe('Read-only');
    expect(rightsSummary({ product: ['read', 'write'], enquiry: ['read'] })).toBe(
      'Projects: read, write · Enquiries: read',
    );
  });
});
