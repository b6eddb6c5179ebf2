import { bearer, useTestApp } from './support/test-app';

/** The site in more than one language (issue 36): settings, translated content, reads. */
describe('languages', () => {
  const t = useTestApp();
  let auth: Record<string, string>;
  beforeAll(() => {
    auth = bearer(t.adminToken);
  });

  const settings = async () => (await t.api.get('/api/settings').set(auth).expect(200)).body;
  /** PUTs the profile as the admin has it, with `changes`. */
  const saveSettings = async (changes: Record<string, unknown>, status = 200) => {
    const {
      updatedAt: _updatedAt,
      translationStatus: _status,
      banner: _banner,
      translations: _translations,
      ...profile
    } = await settings();
    return t.api
      .put('/api/settings')
      .set(auth)
      .send({ ...profile, ...changes })
      .expect(status);
  };

  describe('the site languages setting', () => {
    it('is English alone for a site that never chose, in the public answer too', async () => {
      const { body } = await t.api.get('/api/settings').expect(200);
      expect(body.languages).toEqual(['en']);
      expect(body).not.toHaveProperty('translations');
      expect(body).not.toHaveProperty('locale');
    });

    it('refuses codes outside LOCALES, repeats and an empty list with field messages', async () => {
      for (const [languages, message] of [
        [['en', 'xx'], /Each language must be one of/],
        [['en', 'hi', 'hi'], /only once/],
        [[], /at least one language/],
        ['en', /list of language codes/],
      ] as const) {
        const { body } = await saveSettings({ languages }, 400);
        expect(body.errors.languages).toMatch(message);
      }
      expect((await settings()).languages).toEqual(['en']);
    });

    it('refuses to change the default language, which is fixed for now (409)', async () => {
      const { body } = await saveSettings({ languages: ['hi', 'en'] }, 409);
      expect(body.errors.languages).toMatch(/default language is fixed for now: keep English/);
    });

    it('adds Hindi, shown to visitors; a save without `languages` keeps them', async () => {
      await saveSettings({ languages: ['en', 'hi'] });
      expect((await t.api.get('/api/settings').expect(200)).body.languages).toEqual(['en', 'hi']);
      const { languages: _languages, ...withoutLanguages } = await settings();
      const { updatedAt: _u, translationStatus: _s, banner: _b, ...profile } = withoutLanguages;
      await t.api.put('/api/settings').set(auth).send(profile).expect(200);
      expect((await settings()).languages).toEqual(['en', 'hi']);
    });
  });

  describe("the settings' texts in Hindi", () => {
    it('stores translations, reports what is missing, and answers ?locale=hi with fallbacks', async () => {
      const saved = await saveSettings({
        translations: {
          hi: {
            tagline: '  जयपुर से हथकरघा कपड़े  ',
            heroTitle: 'हाथ से बुना। ध्यान से रचा।',
            figures: [{ label: 'स्थापना' }],
            offers: [{ title: '20% + 10% की छूट', text: '' }],
          },
        },
      });
      expect(saved.body.translations.hi.tagline).toBe('जयपुर से हथकरघा कपड़े');
      expect(saved.body.translationStatus.hi).toEqual(
        expect.arrayContaining(['description', 'story', 'figures.1.label', 'offers.0.text']),
      );
      expect(saved.body.translationStatus.hi).not.toContain('tagline');
      expect(saved.body.translationStatus.hi).not.toContain('figures.0.label');

      const english = (await t.api.get('/api/settings').expect(200)).body;
      expect(english.tagline).toBe(saved.body.tagline);
      expect(english).not.toHaveProperty('translations');

      const hindi = (await t.api.get('/api/settings?locale=hi').expect(200)).body;
      expect(hindi).toMatchObject({
        locale: 'hi',
        tagline: 'जयपुर से हथकरघा कपड़े',
        heroTitle: 'हाथ से बुना। ध्यान से रचा।',
        story: english.story,
        languages: ['en', 'hi'],
      });
      expect(hindi.figures[0]).toEqual({ label: 'स्थापना', value: english.figures[0].value });
      expect(hindi.offers[0].title).toBe('20% + 10% की छूट');
      expect(hindi.offers[0].text).toBe(english.offers[0].text);
      expect(hindi.fallbackFields).toEqual(
        expect.arrayContaining(['story', 'figures.1.label', 'offers.0.text']),
      );
      expect(hindi).not.toHaveProperty('translations');
      expect(hindi).not.toHaveProperty('translationStatus');
    });

    it('keeps the languages a save does not name', async () => {
      await saveSettings({ languages: ['en', 'hi', 'fr'] });
      await saveSettings({ translations: { fr: { tagline: 'Tissus tissés main' } } });
      const { translations } = await settings();
      expect(translations.hi.tagline).toBe('जयपुर से हथकरघा कपड़े');
      expect(translations.fr.tagline).toBe('Tissus tissés main');
    });

    it('refuses unknown fields, over-long texts and languages the site has not', async () => {
      const tooLong = await saveSettings(
        {
          translations: { hi: { heroTitle: 'क'.repeat(121) } },
        },
        400,
      );
      expect(tooLong.body.errors.translations).toMatch(/Hero title \(Hindi\) must be at most 120/);
      const unknown = await saveSettings({ translations: { hi: { email: 'x@y.z' } } }, 400);
      expect(unknown.body.errors.translations).toMatch(/translations\.hi\.email is not a text/);
      const notSite = await saveSettings({ translations: { de: { tagline: 'Hand' } } }, 400);
      expect(notSite.body.errors['translations.de']).toMatch(/German is not one of the site's/);
      const notCode = await saveSettings({ translations: { xx: { tagline: 'x' } } }, 400);
      expect(notCode.body.errors.translations).toMatch(/"xx" is not a language code/);
    });

    it("answers 400 for ?locale= outside the site, and keeps a removed language's texts", async () => {
      const unknown = await t.api.get('/api/settings?locale=xx').expect(400);
      expect(unknown.body.errors.locale).toMatch(/locale must be one of/);
      const notSite = await t.api.get('/api/settings?locale=de').expect(400);
      expect(notSite.body.errors.locale).toMatch(/German is not one of the site's languages/);

      await saveSettings({ languages: ['en', 'hi'] });
      await t.api.get('/api/settings?locale=fr').expect(400);
      expect((await settings()).translations.fr.tagline).toBe('Tissus tissés main');
      await saveSettings({ languages: ['en', 'hi', 'fr'] });
      const french = (await t.api.get('/api/settings?locale=fr').expect(200)).body;
      expect(french.tagline).toBe('Tissus tissés main');
      await saveSettings({ languages: ['en', 'hi'] });
    });

    it('keys the public cache by locale', async () => {
      const english = await t.api.get('/api/settings').expect(200);
      const hindi = await t.api.get('/api/settings?locale=hi').expect(200);
      const again = await t.api.get('/api/settings').expect(200);
      expect(english.body.tagline).not.toBe(hindi.body.tagline);
      expect(again.body.tagline).toBe(english.body.tagline);
      expect(again.headers.etag).toBe(english.headers.etag);
      expect(hindi.headers.etag).not.toBe(english.headers.etag);
    });
  });
});
