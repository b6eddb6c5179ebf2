import { signedInUser } from './support/fixtures';
import { bearer, useTestApp } from './support/test-app';

const profile = {
  companyName: 'Vitrine Design House',
  tagline: 'Interiors and fabrics',
  description: 'We design interiors and weave the fabrics that dress them.',
  address: '22 MI Road\nJaipur, Rajasthan 302001\nIndia',
  email: 'studio@vitrine.example',
  phone: '+91 141 222 3344',
  taxLine: 'GSTIN 08ZYXWV9876Q1Z2',
  chatLink: 'https://wa.me/911412223344',
  whatsapp: '+91 141 222 3344',
  social: [{ label: 'Instagram', url: 'https://www.instagram.com/vitrine.house' }],
  figures: [
    { label: 'Incorporated', value: '2002' },
    { label: 'Projects', value: '350+' },
  ],
  offers: [{ title: 'Monsoon sale', text: '25% off linen' }],
  servicesOffer: 'An extra 15% off every service in July.',
  story: 'A story.',
  journey: 'A journey.',
  about: 'About us.',
  heroTitle: 'Spaces and fabrics',
  heroSubtitle: 'Designed in Jaipur',
};

describe('settings', () => {
  let auth: Record<string, string>;

  const settingsDocuments = async () => {
    const mongoose = await import('mongoose');
    const connection = mongoose.connections.find((c) => t.mongoUri.endsWith(`/${c.name}`));
    if (!connection) throw new Error('no connection to the test database');
    return connection.collection('settings').find({}).toArray();
  };

  const t = useTestApp();
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  it('creates the default profile only once when the first requests come together', async () => {
    expect(await settingsDocuments()).toHaveLength(0);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.api.get('/api/settings').expect(200)),
    );
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(await settingsDocuments()).toHaveLength(1);
  });

  it('shows the default profile with the company figures and offers, without internal fields', async () => {
    const { body } = await t.api.get('/api/settings').expect(200);
    expect(body).toMatchObject({
      companyName: 'Vitrine Textiles & Design Studio',
      email: 'hello@vitrine.example',
      phone: '+91 141 400 2002',
      taxLine: expect.stringMatching(/^GSTIN /),
      chatLink: expect.stringMatching(/^https:\/\/wa\.me\//),
      address: expect.stringContaining('Jaipur'),
    });
    expect(body.figures.map((figure: { value: string }) => figure.value)).toEqual([
      '2002',
      '1000+',
      '400',
      '150',
      '30000',
    ]);
    expect(body.offers.map((offer: { title: string }) => offer.title)).toContain('20% + 10% off');
    expect(body.servicesOffer).toMatch(/extra 10% off/i);
    expect(new Date(body.updatedAt).getTime()).not.toBeNaN();
    expect(body).not.toHaveProperty('_id');
    expect(body).not.toHaveProperty('key');
    expect(body.social[0]).toEqual({ label: 'Instagram', url: expect.any(String) });
  });

  it('saves the whole profile and shows it from then on', async () => {
    const before = (await t.api.get('/api/settings')).body;
    const saved = await t.api
      .put('/api/settings')
      .set(auth)
      .send({ ...profile, companyName: '  Vitrine Design House  ' })
      .expect(200);
    // No banner chosen: the home page keeps its own.
    // An administrator's answer adds the languages' texts and status (none but English here).
    expect(saved.body).toEqual({
      ...profile,
      banner: null,
      languages: ['en'],
      translations: {},
      translationStatus: {},
      updatedAt: expect.any(String),
    });
    expect(new Date(saved.body.updatedAt) >= new Date(before.updatedAt)).toBe(true);

    const shown = await t.api.get('/api/settings').expect(200);
    const { translations: _translations, translationStatus: _status, ...visitors } = saved.body;
    expect(shown.body).toEqual(visitors);
    expect(await settingsDocuments()).toHaveLength(1);
  });

  it('stores optional fields left out as empty', async () => {
    const { companyName, description, address, email, phone } = profile;
    const saved = await t.api
      .put('/api/settings')
      .set(auth)
      .send({ companyName, description, address, email, phone, chatLink: '' })
      .expect(200);
    expect(saved.body).toMatchObject({
      companyName,
      tagline: '',
      chatLink: '',
      social: [],
      figures: [],
      offers: [],
      heroTitle: '',
      banner: null,
    });
  });

  it('validates fields, nested entries included, with a message for each', async () => {
    const response = await t.api
      .put('/api/settings')
      .set(auth)
      .send({
        ...profile,
        companyName: '   ',
        email: 'not-an-email',
        phone: 'call us',
        chatLink: 'javascript:alert(document.cookie)',
        social: [
          { label: 'Instagram', url: 'https://www.instagram.com/vitrine.house' },
          { label: 'Facebook' },
          { label: 'Pinterest', url: 'javascript:alert(1)' },
        ],
        figures: [{ label: '', value: '2002' }],
      })
      .expect(400);
    expect(response.body.errors).toEqual({
      companyName: 'Company name is required',
      email: 'Email must be a valid e-mail address',
      phone: 'Phone must be a phone number (digits, spaces, +, - or brackets)',
      chatLink: 'Chat link must be a web address starting with http:// or https://',
      'social.1.url': 'URL is required',
      'social.2.url': 'URL must be a web address starting with http:// or https://',
      'figures.0.label': 'Label is required',
    });
    expect(response.body.message).toBe('7 fields are not valid');
  });

  it('refuses more than 8 social links', async () => {
    const social = Array.from({ length: 9 }, (_, index) => ({
      label: `Link ${index}`,
      url: `https://example.com/${index}`,
    }));
    const response = await t.api
      .put('/api/settings')
      .set(auth)
      .send({ ...profile, social })
      .expect(400);
    expect(response.body.errors).toEqual({ social: 'At most 8 social links' });
  });

  it('refuses a missing required field and unknown fields', async () => {
    const { email: _email, ...withoutEmail } = profile;
    const missing = await t.api.put('/api/settings').set(auth).send(withoutEmail).expect(400);
    expect(missing.body.errors).toEqual({ email: 'Email is required' });

    const unknown = await t.api
      .put('/api/settings')
      .set(auth)
      .send({ ...profile, key: 'other', social: [{ label: 'X', url: 'https://x.com', extra: 1 }] })
      .expect(400);
    expect(unknown.body.errors).toEqual({
      key: 'property key should not exist',
      'social.0.extra': 'property extra should not exist',
    });

    const shown = await t.api.get('/api/settings').expect(200);
    expect(shown.body.email).toBe(profile.email);
  });

  it('lets only administrators save: 401 without a token, 403 for other users', async () => {
    await t.api.put('/api/settings').send(profile).expect(401);

    const { auth: user } = await signedInUser(t, {
      UserName: 'meera.joshi',
      Password: 'not-an-admin-password',
      isAdmin: false,
    });
    await t.api
      .put('/api/settings')
      .set(user)
      .send({ ...profile, companyName: 'Hijacked' })
      .expect(403);
    expect((await t.api.get('/api/settings')).body.companyName).toBe(profile.companyName);
  });
});
