import { ashaEnquiry, contentForm, uploadToLibrary } from './support/fixtures';
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

    it("takes the profile back as an administrator's GET gave it, translations and all", async () => {
      const { updatedAt: _updatedAt, banner: _banner, ...asRead } = await settings();
      expect(asRead.translationStatus.hi).toEqual(expect.any(Array));
      await t.api.put('/api/settings').set(auth).send(asRead).expect(200);
      expect((await settings()).translations.hi.tagline).toBe('जयपुर से हथकरघा कपड़े');
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

  describe('translated projects and services', () => {
    const hindiSilk = {
      ProductName: 'नीला रेशम पर्दा',
      ProductHeading: 'हाथ से रंगा, हाथ से बुना',
      ProductDescription: '<p>भुज के <strong>गड्ढा करघों</strong> पर बुना।</p><script>alert(1)</script>',
      ProductCategory: 'रेशम',
      slug: 'neela-resham-parda',
    };
    let silk: { _id: string; slug: string };
    let plain: { _id: string; slug: string };

    beforeAll(async () => {
      await saveSettings({ languages: ['en', 'hi'] });
      const photo = await uploadToLibrary(t, auth, 'Blue silk on a loom', '#2244aa');
      silk = (
        await t.api
          .post('/api/product')
          .set(auth)
          .send({
            ProductName: 'Blue silk curtain',
            ProductHeading: 'Hand-dyed, hand-woven',
            ProductDescription: '<p>Woven on pit looms in Bhuj.</p>',
            ProductCategory: 'Silk',
            ProductClient: 'Taj Hotels',
            photos: [
              {
                mediaId: photo.media.id,
                alt: 'Blue silk on a loom',
                translations: { hi: { alt: 'करघे पर नीला रेशम' } },
              },
            ],
            translations: { hi: hindiSilk },
          })
          .expect(201)
      ).body;
      plain = (
        await contentForm(t.api.post('/api/product').set(auth), {
          ProductName: 'Sky poplin',
          ProductCategory: 'Cotton',
          ProductDescription: '<p>Light and cool.</p>',
          translations: JSON.stringify({ hi: { ProductName: 'आसमानी पॉपलिन' } }),
        }).expect(201)
      ).body;
    });

    it('answers an administrator every language and what is still untranslated', async () => {
      const { body } = await t.api.get(`/api/product/${silk._id}`).set(auth).expect(200);
      expect(body.translations.hi).toMatchObject({
        ProductName: 'नीला रेशम पर्दा',
        slug: 'neela-resham-parda',
      });
      // Sanitised like the default Description.
      expect(body.translations.hi.ProductDescription).toBe(
        '<p>भुज के <strong>गड्ढा करघों</strong> पर बुना।</p>',
      );
      expect(body.photos[0].translations.hi.alt).toBe('करघे पर नीला रेशम');
      expect(body.translationStatus).toEqual({ hi: ['ProductClient'] });
      const multipart = (await t.api.get(`/api/product/${plain._id}`).set(auth).expect(200)).body;
      expect(multipart.translations.hi.ProductName).toBe('आसमानी पॉपलिन');
      expect(multipart.translationStatus.hi).toEqual(['ProductDescription', 'ProductCategory']);
    });

    it('answers visitors the default language exactly as before without ?locale=', async () => {
      const { body } = await t.api.get(`/api/product/${silk._id}`).expect(200);
      expect(body.ProductName).toBe('Blue silk curtain');
      for (const added of [
        'translations',
        'translationStatus',
        'locale',
        'slugs',
        'fallbackFields',
      ])
        expect(body).not.toHaveProperty(added);
      expect(body.photos[0]).not.toHaveProperty('translations');
      const list = (await t.api.get('/api/product').expect(200)).body;
      expect(list.every((item: object) => !('translations' in item))).toBe(true);
      const bySlug = (await t.api.get(`/api/product/singleproject/${silk.slug}`).expect(200)).body;
      expect(bySlug).not.toHaveProperty('translations');
    });

    it('answers ?locale=hi in Hindi, falling back per field, with slugs', async () => {
      const { body } = await t.api.get(`/api/product/${silk._id}?locale=hi`).expect(200);
      expect(body).toMatchObject({
        ProductName: 'नीला रेशम पर्दा',
        ProductHeading: 'हाथ से रंगा, हाथ से बुना',
        ProductCategory: 'रेशम',
        ProductClient: 'Taj Hotels',
        locale: 'hi',
        fallbackFields: ['ProductClient'],
        slugs: { en: 'blue-silk-curtain', hi: 'neela-resham-parda' },
        slug: 'blue-silk-curtain',
      });
      expect(body.photos[0].alt).toBe('करघे पर नीला रेशम');
      expect(body).not.toHaveProperty('translations');

      const listed = (await t.api.get('/api/product?locale=hi').expect(200)).body;
      const poplin = listed.find((item: { _id: string }) => item._id === plain._id);
      expect(poplin).toMatchObject({
        ProductName: 'आसमानी पॉपलिन',
        ProductDescription: '<p>Light and cool.</p>',
        fallbackFields: ['ProductDescription', 'ProductCategory'],
        slugs: { en: 'sky-poplin', hi: 'sky-poplin' },
      });

      const english = (await t.api.get(`/api/product/${silk._id}?locale=en`).expect(200)).body;
      expect(english).toMatchObject({
        ProductName: 'Blue silk curtain',
        locale: 'en',
        fallbackFields: [],
      });
    });

    it('finds a project by its Hindi slug, and by its default slug, in Hindi', async () => {
      const hindi = await t.api
        .get('/api/product/singleproject/neela-resham-parda?locale=hi')
        .expect(200);
      expect(hindi.body.ProductName).toBe('नीला रेशम पर्दा');
      const bothWays = await t.api
        .get('/api/product/singleproject/blue-silk-curtain?locale=hi')
        .expect(200);
      expect(bothWays.body._id).toBe(silk._id);
      // The Hindi slug is no address in English.
      await t.api.get('/api/product/singleproject/neela-resham-parda').expect(404);
    });

    it('filters and names categories in Hindi', async () => {
      const categories = (await t.api.get('/api/product/getcategory?locale=hi').expect(200)).body;
      expect(categories.map((c: { ProductCategory: string }) => c.ProductCategory)).toEqual(
        expect.arrayContaining(['रेशम', 'Cotton']),
      );
      const silkOnly = (
        await t.api.get(`/api/product?locale=hi&category=${encodeURIComponent('रेशम')}`).expect(200)
      ).body;
      expect(silkOnly.map((item: { _id: string }) => item._id)).toEqual([silk._id]);
      const searched = (
        await t.api.get(`/api/product?locale=hi&q=${encodeURIComponent('पॉपलिन')}`).expect(200)
      ).body;
      expect(searched.map((item: { _id: string }) => item._id)).toEqual([plain._id]);
    });

    it('answers 400 for a language the site does not have', async () => {
      for (const path of [
        `/api/product/${silk._id}?locale=de`,
        '/api/product?locale=de',
        '/api/product/singleproject/blue-silk-curtain?locale=de',
        '/api/product/getcategory?locale=de',
        '/api/service?locale=zz',
      ]) {
        const { body } = await t.api.get(path).expect(400);
        expect(body.errors.locale).toEqual(expect.any(String));
      }
    });

    it('keeps an old Hindi slug redirecting to the new one, ?locale= kept', async () => {
      await t.api
        .put(`/api/product/${silk._id}`)
        .set(auth)
        .send({ translations: { hi: { ...hindiSilk, slug: 'neela-resham' } } })
        .expect(200);
      const moved = await t.api
        .get('/api/product/singleproject/neela-resham-parda?locale=hi')
        .expect(301);
      expect(moved.headers.location).toBe('/api/product/singleproject/neela-resham?locale=hi');
      const { body } = await t.api.get(`/api/product/${silk._id}`).set(auth).expect(200);
      expect(body.translations.hi.slug).toBe('neela-resham');
      expect(body.translations.hi).not.toHaveProperty('slugHistory');
    });

    it('refuses a Hindi slug another project has, in Hindi or by default (409)', async () => {
      for (const slug of ['neela-resham', 'neela-resham-parda', 'blue-silk-curtain']) {
        const { body } = await t.api
          .put(`/api/product/${plain._id}`)
          .set(auth)
          .send({ translations: { hi: { slug } } })
          .expect(409);
        expect(body.errors['translations.hi.slug']).toMatch(/Another page has this address/);
      }
    });

    it('refuses translations with unknown fields, over-long texts or other languages', async () => {
      const unknown = await t.api
        .put(`/api/product/${plain._id}`)
        .set(auth)
        .send({ translations: { hi: { ProductPrice: '12' } } })
        .expect(400);
      expect(unknown.body.errors.translations).toMatch(/ProductPrice is not a text/);
      const long = await t.api
        .put(`/api/product/${plain._id}`)
        .set(auth)
        .send({ translations: { hi: { ProductName: 'न'.repeat(121) } } })
        .expect(400);
      expect(long.body.errors.translations).toMatch(/Product name \(Hindi\) must be at most 120/);
      const badSlug = await t.api
        .put(`/api/product/${plain._id}`)
        .set(auth)
        .send({ translations: { hi: { slug: 'Not A Slug' } } })
        .expect(400);
      expect(badSlug.body.errors.translations).toMatch(/Slug \(Hindi\)/);
      const notSite = await t.api
        .put(`/api/product/${plain._id}`)
        .set(auth)
        .send({ translations: { fr: { ProductName: 'Popeline' } } })
        .expect(400);
      expect(notSite.body.errors['translations.fr']).toMatch(/French is not one of the site's/);
    });

    it('keeps the languages a PUT does not name, and photos keep theirs when sent without', async () => {
      await saveSettings({ languages: ['en', 'hi', 'fr'] });
      await t.api
        .put(`/api/product/${silk._id}`)
        .set(auth)
        .send({ translations: { fr: { ProductName: 'Rideau de soie bleue' } } })
        .expect(200);
      const { body } = await t.api.get(`/api/product/${silk._id}`).set(auth).expect(200);
      expect(body.translations.hi.ProductName).toBe('नीला रेशम पर्दा');
      expect(body.translations.fr.ProductName).toBe('Rideau de soie bleue');
      const resent = await t.api
        .put(`/api/product/${silk._id}`)
        .set(auth)
        .send({ photos: [{ mediaId: body.photos[0].mediaId, alt: 'Blue silk, close up' }] })
        .expect(200);
      expect(resent.body.photos[0].translations.hi.alt).toBe('करघे पर नीला रेशम');
      await saveSettings({ languages: ['en', 'hi'] });
    });

    it('stores no empty text: a form sending Hindi untouched changes only what was edited', async () => {
      const { body: linen } = await t.api
        .post('/api/product')
        .set(auth)
        .send({ ProductName: 'Plain linen', ProductCategory: 'Linen' })
        .expect(201);
      // As the admin's form sends an untranslated project: each Hindi text there, empty.
      const untouched = { ProductName: '', ProductHeading: '', ProductDescription: '', slug: '' };
      await t.api
        .put(`/api/product/${linen._id}`)
        .set(auth)
        .send({
          ProductName: 'Plain linen',
          ProductHeading: 'Soft',
          translations: { hi: untouched },
        })
        .expect(200);
      const [entry] = (await t.api.get('/api/audit?category=product').set(auth).expect(200)).body;
      expect(entry).toMatchObject({ action: 'update', itemName: 'Plain linen' });
      expect(entry.fields).toEqual(['ProductHeading']);
      const { body } = await t.api.get(`/api/product/${linen._id}`).set(auth).expect(200);
      expect(body.translations?.hi).toBeUndefined();
      expect(body.translationStatus.hi).toEqual([
        'ProductName',
        'ProductHeading',
        'ProductCategory',
      ]);

      // Emptying every text of a translation takes the language away.
      await t.api
        .put(`/api/product/${linen._id}`)
        .set(auth)
        .send({ translations: { hi: { ProductName: 'सादा लिनन' } } })
        .expect(200);
      await t.api
        .put(`/api/product/${linen._id}`)
        .set(auth)
        .send({ translations: { hi: { ProductName: ' ' } } })
        .expect(200);
      const emptied = (await t.api.get(`/api/product/${linen._id}`).set(auth).expect(200)).body;
      expect(emptied.translations?.hi).toBeUndefined();
      await t.api.delete(`/api/product/${linen._id}`).set(auth).expect(204);
    });

    it('lists the projects still missing Hindi texts with ?missing=hi, until they have them', async () => {
      const missing = async () =>
        (await t.api.get('/api/product?missing=hi').set(auth).expect(200)).body.map(
          (item: { ProductName: string }) => item.ProductName,
        );
      expect(await missing()).toEqual(expect.arrayContaining(['Blue silk curtain', 'Sky poplin']));
      const { body: listed } = await t.api.get('/api/product').set(auth).expect(200);
      expect(
        listed.find((item: { _id: string }) => item._id === plain._id).translationStatus,
      ).toEqual({
        hi: ['ProductDescription', 'ProductCategory'],
      });
      await t.api
        .put(`/api/product/${plain._id}`)
        .set(auth)
        .send({
          translations: {
            hi: {
              ProductName: 'आसमानी पॉपलिन',
              ProductDescription: '<p>हल्का और ठंडा।</p>',
              ProductCategory: 'सूती',
            },
          },
        })
        .expect(200);
      expect(await missing()).not.toContain('Sky poplin');
      expect(await missing()).toContain('Blue silk curtain');
      const wrong = await t.api.get('/api/product?missing=en').set(auth).expect(400);
      expect(wrong.body.errors.missing).toMatch(/not one of the site's other languages/);
    });

    it('translates services the same way', async () => {
      const service = (
        await t.api
          .post('/api/service')
          .set(auth)
          .send({
            ServiceName: 'Courtyard houses',
            ServiceCategory: 'Architecture',
            ServiceHeading: 'Homes built around light',
            translations: { hi: { ServiceName: 'आँगन वाले घर', slug: 'aangan-vale-ghar' } },
          })
          .expect(201)
      ).body;
      expect(service.translationStatus).toEqual({ hi: ['ServiceHeading', 'ServiceCategory'] });
      const hindi = await t.api.get('/api/service/singleservice/aangan-vale-ghar?locale=hi');
      expect(hindi.status).toBe(200);
      expect(hindi.body).toMatchObject({
        ServiceName: 'आँगन वाले घर',
        ServiceHeading: 'Homes built around light',
        fallbackFields: ['ServiceHeading', 'ServiceCategory'],
        slugs: { en: 'courtyard-houses', hi: 'aangan-vale-ghar' },
      });
    });
  });

  describe('gallery, media library, reviews and enquiries', () => {
    beforeAll(async () => {
      await saveSettings({ languages: ['en', 'hi'] });
    });

    it("translates a gallery image's alt text, listed as missing until it has one", async () => {
      const picked = await uploadToLibrary(t, auth, 'Indigo prints drying', '#113355');
      const [image] = (
        await t.api
          .post('/api/gallery')
          .set(auth)
          .send({ photos: [{ mediaId: picked.media.id, alt: 'Indigo prints drying' }] })
          .expect(201)
      ).body;
      const missing = async () =>
        (await t.api.get('/api/gallery?missing=hi').set(auth).expect(200)).body.map(
          (item: { _id: string }) => item._id,
        );
      expect(await missing()).toContain(image._id);
      const saved = await t.api
        .patch(`/api/gallery/${image._id}`)
        .set(auth)
        .send({ translations: { hi: { alt: 'धूप में सूखते नील प्रिंट' } } })
        .expect(200);
      expect(saved.body.translationStatus).toEqual({ hi: [] });
      expect(await missing()).not.toContain(image._id);
      const hindi = (await t.api.get('/api/gallery?locale=hi').expect(200)).body;
      expect(hindi.find((item: { _id: string }) => item._id === image._id)).toMatchObject({
        alt: 'धूप में सूखते नील प्रिंट',
        locale: 'hi',
        fallbackFields: [],
      });
      const english = (await t.api.get('/api/gallery').expect(200)).body;
      const shown = english.find((item: { _id: string }) => item._id === image._id);
      expect(shown.alt).toBe('Indigo prints drying');
      expect(shown).not.toHaveProperty('translations');
      await t.api.get('/api/gallery?locale=de').expect(400);
    });

    it("keeps a media library image's alt text per language, listed as missing until then", async () => {
      const picked = await uploadToLibrary(t, auth, 'Khadi on the loom', '#775533');
      const missing = async (query = '') =>
        (await t.api.get(`/api/media?missing=hi${query}`).set(auth).expect(200)).body.map(
          (item: { _id: string }) => item._id,
        );
      expect(await missing()).toContain(picked._id);
      // Searched and filtered at once: both apply.
      expect(await missing('&q=khadi')).toEqual([picked._id]);
      expect(await missing('&q=no-such-words')).toEqual([]);
      const listed = (await t.api.get('/api/media?q=khadi').set(auth).expect(200)).body;
      expect(listed[0].translationStatus).toEqual({ hi: ['alt'] });

      const { body } = await t.api
        .patch(`/api/media/${picked._id}`)
        .set(auth)
        .send({ translations: { hi: { alt: 'करघे पर खादी' } } })
        .expect(200);
      expect(body.translations).toEqual({ hi: { alt: 'करघे पर खादी' } });
      expect(body.translationStatus).toEqual({ hi: [] });
      expect(await missing()).not.toContain(picked._id);
      // The default language is never missing; a language the site lacks is a field error.
      const notOther = await t.api.get('/api/media?missing=en').set(auth).expect(400);
      expect(notOther.body.errors.missing).toMatch(/English is not one of the site's other/);
      await t.api.get('/api/media?missing=xx').set(auth).expect(400);
      const refused = await t.api
        .patch(`/api/media/${picked._id}`)
        .set(auth)
        .send({ translations: { fr: { alt: 'Khadi' } } })
        .expect(400);
      expect(refused.body.errors['translations.fr']).toMatch(/French is not one of the site's/);
    });

    it('marks a review with the language its client wrote in, untranslated', async () => {
      const review = (
        await t.api
          .post('/api/reviews')
          .set(auth)
          .send({
            ClientName: 'मीरा अय्यर',
            ClientReview: 'लिनन के पर्दों ने पूरा कमरा बदल दिया।',
            language: 'hi',
          })
          .expect(201)
      ).body;
      expect(review.language).toBe('hi');
      const english = (
        await t.api
          .post('/api/reviews')
          .set(auth)
          .send({ ClientName: 'Ann', ClientReview: 'Lovely.' })
          .expect(201)
      ).body;
      expect(english.language).toBe('en');
      const listed = (await t.api.get('/api/reviews?locale=hi').expect(200)).body;
      expect(listed.find((item: { _id: string }) => item._id === review._id)).toMatchObject({
        ClientReview: 'लिनन के पर्दों ने पूरा कमरा बदल दिया।',
        language: 'hi',
        locale: 'hi',
      });
      const wrong = await t.api
        .post('/api/reviews')
        .set(auth)
        .send({ ClientName: 'X', ClientReview: 'Y', language: 'de' })
        .expect(400);
      expect(wrong.body.errors.language).toMatch(/German is not one of the site's languages/);
    });

    it('remembers the language an enquiry was written from, in the inbox and the CSV', async () => {
      const sent = await t.api
        .post('/api/enquiries')
        .send({ ...ashaEnquiry, locale: 'hi' })
        .expect(201);
      const { body } = await t.api.get(`/api/enquiries/${sent.body._id ?? sent.body.id}`).set(auth);
      expect(body.locale).toBe('hi');
      const english = await t.api
        .post('/api/enquiries')
        .send({ ...ashaEnquiry, Email: 'b@example.com' })
        .expect(201);
      const csv = (await t.api.get('/api/enquiries/export.csv').set(auth).expect(200)).text;
      const [header, ...rows] = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(header.split(',').at(-1)).toBe('Language');
      expect(rows.map((row) => row.split(',').at(-1)).sort()).toEqual(['en', 'hi']);
      expect(english.status).toBe(201);
      const refused = await t.api
        .post('/api/enquiries')
        .send({ ...ashaEnquiry, locale: 'fr' })
        .expect(400);
      expect(refused.body.errors.locale).toMatch(/French is not one of the site's languages/);
      const unknown = await t.api
        .post('/api/enquiries')
        .send({ ...ashaEnquiry, locale: 'xx' })
        .expect(400);
      expect(unknown.body.errors.locale).toMatch(/locale must be one of/);
    });
  });

  describe('the sitemap', () => {
    it('lists every page in each language, with hreflang alternates and x-default', async () => {
      await saveSettings({ languages: ['en', 'hi'] });
      const xml = (await t.api.get('/sitemap.xml').expect(200)).text;
      expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
      const urls = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map(([, url]) => url);
      const entry = (loc: string) => urls.find((url) => url.includes(`<loc>${loc}</loc>`));
      const site = /<loc>(https?:\/\/[^/<]+)/.exec(xml)?.[1];
      const product = entry(`${site}/hi/singleproject/neela-resham`);
      expect(product).toBeDefined();
      for (const url of [product, entry(`${site}/singleproject/blue-silk-curtain`)]) {
        expect(url).toContain(`hreflang="en" href="${site}/singleproject/blue-silk-curtain"`);
        expect(url).toContain(`hreflang="hi" href="${site}/hi/singleproject/neela-resham"`);
        expect(url).toContain(
          `hreflang="x-default" href="${site}/singleproject/blue-silk-curtain"`,
        );
      }
      // A project without a Hindi slug of its own has its Hindi page at the default slug.
      expect(entry(`${site}/hi/singleproject/sky-poplin`)).toBeDefined();
      const home = entry(`${site}/hi`);
      expect(home).toContain(`hreflang="en" href="${site}/"`);
      expect(home).toContain(`hreflang="x-default" href="${site}/"`);
      expect(entry(`${site}/hi/product`)).toContain(`hreflang="hi" href="${site}/hi/product"`);
    });
  });

  describe('history and trash', () => {
    it('brings a translation back with an earlier version, and keeps it through the trash', async () => {
      await saveSettings({ languages: ['en', 'hi'] });
      const item = (
        await t.api
          .post('/api/product')
          .set(auth)
          .send({
            ProductName: 'Ikat cushion',
            ProductCategory: 'Cotton',
            translations: { hi: { ProductName: 'इकत गद्दी', slug: 'ikat-gaddi' } },
          })
          .expect(201)
      ).body;
      await t.api
        .put(`/api/product/${item._id}`)
        .set(auth)
        .send({ translations: { hi: { ProductName: 'इकत तकिया' } } })
        .expect(200);
      const read = async () =>
        (await t.api.get(`/api/product/${item._id}`).set(auth).expect(200)).body;
      expect((await read()).translations.hi.ProductName).toBe('इकत तकिया');

      const [earlier] = (
        await t.api.get(`/api/product/${item._id}/revisions`).set(auth).expect(200)
      ).body;
      await t.api
        .post(`/api/product/${item._id}/revisions/${earlier._id}/restore`)
        .set(auth)
        .expect(200);
      expect((await read()).translations.hi).toEqual({
        ProductName: 'इकत गद्दी',
        slug: 'ikat-gaddi',
      });

      await t.api.delete(`/api/product/${item._id}`).set(auth).expect(204);
      await t.api.get('/api/product/singleproject/ikat-gaddi?locale=hi').expect(404);
      const entry = (await t.api.get('/api/trash?limit=100').set(auth).expect(200)).body.find(
        (candidate: { itemId: string }) => candidate.itemId === item._id,
      );
      await t.api.post(`/api/trash/${entry._id}/restore`).set(auth).expect(200);
      expect((await read()).translations.hi.ProductName).toBe('इकत गद्दी');
      const hindi = await t.api.get('/api/product/singleproject/ikat-gaddi?locale=hi').expect(200);
      expect(hindi.body.ProductName).toBe('इकत गद्दी');
    });

    it("brings the settings' translations back with an earlier version", async () => {
      await saveSettings({ translations: { hi: { heroTitle: 'पहला शीर्षक' } } });
      await saveSettings({ translations: { hi: { heroTitle: 'दूसरा शीर्षक' } } });
      const [latest] = (await t.api.get('/api/settings/revisions').set(auth).expect(200)).body;
      const restored = await t.api
        .post(`/api/settings/revisions/${latest._id}/restore`)
        .set(auth)
        .expect(200);
      expect(restored.body.translations.hi.heroTitle).toBe('पहला शीर्षक');
      expect((await t.api.get('/api/settings?locale=hi').expect(200)).body.heroTitle).toBe(
        'पहला शीर्षक',
      );
    });
  });
});
