import { DefaultLanguageService } from '../src/settings/default-language.service';
import { ashaEnquiry, type LibraryImage, uploadToLibrary } from './support/fixtures';
import {
  bearer,
  createTestApp,
  freshDatabaseUri,
  useTestApp,
  type TestApp,
} from './support/test-app';

/** Another language made the site's default (issue 36): every text moves, nothing is lost. */
describe('a change of the default language', () => {
  const t = useTestApp();
  let auth: Record<string, string>;

  const settings = async (app: TestApp = t) =>
    (await app.api.get('/api/settings').set(bearer(app.adminToken)).expect(200)).body;
  /** PUTs the profile as the admin has it, with `changes`. */
  const saveSettings = async (changes: Record<string, unknown>, status = 200, app = t) => {
    const { updatedAt: _u, translationStatus: _s, banner: _b, ...profile } = await settings(app);
    return app.api
      .put('/api/settings')
      .set(bearer(app.adminToken))
      .send({ ...profile, ...changes })
      .expect(status);
  };

  /** An API on a database of its own, in English and Hindi: for the tests of two instances. */
  const bilingualSite = async () => {
    const mongoUri = await freshDatabaseUri();
    const first = await createTestApp({ MONGODB_URI: mongoUri });
    const translations = { hi: { tagline: 'हथकरघा' } };
    await saveSettings({ languages: ['en', 'hi'], tagline: 'Handloom', translations }, 200, first);
    return { mongoUri, first };
  };

  let silk: { _id: string };
  let poplin: { _id: string };
  let service: { _id: string };
  let photo: LibraryImage;
  let deleted: { _id: string };

  beforeAll(async () => {
    auth = bearer(t.adminToken);
    await saveSettings({
      languages: ['en', 'hi'],
      tagline: 'Handloom from Jaipur',
      translations: { hi: { tagline: 'जयपुर से हथकरघा' } },
    });
    photo = await uploadToLibrary(t, auth, 'Blue silk on a loom', '#2244aa');
    await t.api
      .patch(`/api/media/${photo._id}`)
      .set(auth)
      .send({ translations: { hi: { alt: 'करघे पर नीला रेशम' } } })
      .expect(200);
    const create = async (path: string, body: object) =>
      (await t.api.post(path).set(auth).send(body).expect(201)).body;
    silk = await create('/api/product', {
      ProductName: 'Blue silk curtain',
      ProductDescription: '<p>Woven on pit looms in Bhuj.</p>',
      ProductCategory: 'Silk',
      photos: [
        {
          mediaId: photo.media.id,
          alt: 'Blue silk on a loom',
          translations: { hi: { alt: 'करघे पर नीला रेशम' } },
        },
      ],
      translations: {
        hi: {
          ProductName: 'नीला रेशम पर्दा',
          ProductDescription: '<p>भुज के करघों पर बुना।</p>',
          ProductCategory: 'रेशम',
          slug: 'neela-resham',
        },
      },
    });
    // No Hindi description: it keeps the English one as its own.
    poplin = await create('/api/product', {
      ProductName: 'Sky poplin',
      ProductCategory: 'Cotton',
      ProductDescription: '<p>Light and cool.</p>',
      translations: { hi: { ProductName: 'आसमानी पॉपलिन' } },
    });
    service = await create('/api/service', {
      ServiceName: 'Courtyard houses',
      ServiceCategory: 'Architecture',
    });
    // An earlier version to bring back, and an item in the trash.
    await t.api
      .put(`/api/product/${poplin._id}`)
      .set(auth)
      .send({ translations: { hi: { ProductName: 'आसमानी पॉपलिन कपड़ा' } } })
      .expect(200);
    deleted = await create('/api/product', {
      ProductName: 'Ikat cushion',
      ProductCategory: 'Cotton',
      translations: { hi: { ProductName: 'इकत गद्दी', slug: 'ikat-gaddi' } },
    });
    await t.api.delete(`/api/product/${deleted._id}`).set(auth).expect(204);
  });

  it('refuses a change that would give two projects one address, and changes nothing (409)', async () => {
    // An English slug set by hand after another project took it in Hindi.
    const clash = (
      await t.api
        .post('/api/product')
        .set(auth)
        .send({ ProductName: 'Neela resham', ProductCategory: 'Silk', slug: 'neela-resham' })
        .expect(201)
    ).body;
    const before = await settings();
    const { body } = await saveSettings({ languages: ['hi', 'en'], tagline: 'Edited' }, 409);
    expect(body.errors.languages).toMatch(
      /“नीला रेशम पर्दा” and “Neela resham” would both be at \/neela-resham in Hindi/,
    );
    expect(await settings()).toEqual(before);
    const read = await t.api.get(`/api/product/${silk._id}`).expect(200);
    expect(read.body.ProductName).toBe('Blue silk curtain');
    await t.api.delete(`/api/product/${clash._id}`).set(auth).expect(204);
  });

  it("makes Hindi's texts the items' own, and keeps the English ones as a translation", async () => {
    const saved = (await saveSettings({ languages: ['hi', 'en'] })).body;
    expect(saved.languages).toEqual(['hi', 'en']);
    expect(saved.tagline).toBe('जयपुर से हथकरघा');
    expect(saved.translations.en.tagline).toBe('Handloom from Jaipur');
    expect(saved.translationStatus).toEqual({ en: expect.any(Array) });
    expect(saved.translationStatus.en).not.toContain('tagline');

    // The spec's paths answer the default language, now Hindi, as they answered English.
    const hindi = (await t.api.get(`/api/product/${silk._id}`).expect(200)).body;
    expect(hindi).toMatchObject({
      ProductName: 'नीला रेशम पर्दा',
      ProductDescription: '<p>भुज के करघों पर बुना।</p>',
      ProductCategory: 'रेशम',
      slug: 'neela-resham',
    });
    expect(hindi.photos[0].alt).toBe('करघे पर नीला रेशम');
    expect(hindi).not.toHaveProperty('translations');
    const english = (await t.api.get(`/api/product/${silk._id}?locale=en`).expect(200)).body;
    expect(english).toMatchObject({
      ProductName: 'Blue silk curtain',
      ProductDescription: '<p>Woven on pit looms in Bhuj.</p>',
      locale: 'en',
      fallbackFields: [],
      slugs: { hi: 'neela-resham', en: 'blue-silk-curtain' },
    });
    expect(english.photos[0].alt).toBe('Blue silk on a loom');
    expect((await t.api.get('/api/settings?locale=en').expect(200)).body.tagline).toBe(
      'Handloom from Jaipur',
    );

    // What had no Hindi keeps its English text, in both languages.
    const poplinRead = (await t.api.get(`/api/product/${poplin._id}`).expect(200)).body;
    expect(poplinRead).toMatchObject({
      ProductName: 'आसमानी पॉपलिन कपड़ा',
      ProductDescription: '<p>Light and cool.</p>',
    });
    const poplinEnglish = await t.api.get(`/api/product/${poplin._id}?locale=en`).expect(200);
    expect(poplinEnglish.body.ProductName).toBe('Sky poplin');
    expect((await t.api.get(`/api/service/${service._id}`).expect(200)).body.ServiceName).toBe(
      'Courtyard houses',
    );
    const library = (await t.api.get(`/api/media/${photo._id}`).set(auth).expect(200)).body;
    expect(library).toMatchObject({
      alt: 'करघे पर नीला रेशम',
      translations: { en: { alt: 'Blue silk on a loom' } },
    });
  });

  it('keeps every address leading to its item, in each language', async () => {
    const hindi = await t.api.get('/api/product/singleproject/neela-resham').expect(200);
    expect(hindi.body._id).toBe(silk._id);
    const english = await t.api
      .get('/api/product/singleproject/blue-silk-curtain?locale=en')
      .expect(200);
    expect(english.body.ProductName).toBe('Blue silk curtain');
    // A link made while English was the default leads on to the item's address.
    const old = await t.api.get('/api/product/singleproject/blue-silk-curtain').expect(301);
    expect(old.headers.location).toBe('/api/product/singleproject/neela-resham');
    // English is one of the other languages now: Hindi is refused as a translation.
    const refused = await t.api
      .put(`/api/product/${silk._id}`)
      .set(auth)
      .send({ translations: { hi: { ProductName: 'x' } } })
      .expect(400);
    expect(refused.body.errors['translations.hi']).toMatch(/Hindi is the default language/);
  });

  it('brings back earlier versions and trashed items in the new layout', async () => {
    const [earlier] = (
      await t.api.get(`/api/product/${poplin._id}/revisions`).set(auth).expect(200)
    ).body;
    await t.api
      .post(`/api/product/${poplin._id}/revisions/${earlier._id}/restore`)
      .set(auth)
      .expect(200);
    const restored = (await t.api.get(`/api/product/${poplin._id}`).set(auth).expect(200)).body;
    expect(restored.ProductName).toBe('आसमानी पॉपलिन');
    expect(restored.translations.en.ProductName).toBe('Sky poplin');

    const entry = (await t.api.get('/api/trash?limit=100').set(auth).expect(200)).body.find(
      (candidate: { itemId: string }) => candidate.itemId === deleted._id,
    );
    await t.api.post(`/api/trash/${entry._id}/restore`).set(auth).expect(200);
    const back = (await t.api.get('/api/product/singleproject/ikat-gaddi').expect(200)).body;
    expect(back.ProductName).toBe('इकत गद्दी');
    const backInEnglish = await t.api.get(`/api/product/${deleted._id}?locale=en`).expect(200);
    expect(backInEnglish.body.ProductName).toBe('Ikat cushion');
  });

  it('changes back to English the same way, the texts as they were', async () => {
    const saved = (await saveSettings({ languages: ['en', 'hi'] })).body;
    expect(saved.tagline).toBe('Handloom from Jaipur');
    expect(saved.translations.hi.tagline).toBe('जयपुर से हथकरघा');
    const english = (await t.api.get(`/api/product/${silk._id}`).expect(200)).body;
    expect(english).toMatchObject({ ProductName: 'Blue silk curtain', slug: 'blue-silk-curtain' });
    const hindi = await t.api.get('/api/product/singleproject/neela-resham?locale=hi').expect(200);
    expect(hindi.body.ProductName).toBe('नीला रेशम पर्दा');
  });

  it('finishes a change whose last step failed before the next write, refused (409)', async () => {
    const changes = t.app.get(DefaultLanguageService);
    jest
      .spyOn(changes as never, 'finish')
      .mockRejectedValueOnce(new Error('the database went away') as never);
    await saveSettings({ languages: ['hi', 'en'] }, 500);
    const { body } = await t.api
      .put(`/api/product/${silk._id}`)
      .set(auth)
      .send({ ProductName: 'Edited meanwhile' })
      .expect(409);
    expect(body.errors.languages).toMatch(/to Hindi was finished just now/);
    const finished = await settings();
    expect(finished).toMatchObject({ languages: ['hi', 'en'], tagline: 'जयपुर से हथकरघा' });
    const read = await t.api.get(`/api/product/${silk._id}`).expect(200);
    expect(read.body.ProductName).toBe('नीला रेशम पर्दा');
    await saveSettings({ languages: ['en', 'hi'] });
  });

  it('finishes at the next start a change whose instance ended before it was done', async () => {
    const { mongoUri, first } = await bilingualSite();
    let second: TestApp | undefined;
    try {
      // Every document rewritten, the instance ended before it could switch the languages.
      const changes = first.app.get(DefaultLanguageService);
      jest
        .spyOn(changes as never, 'finish')
        .mockRejectedValueOnce(new Error('the instance ended') as never);
      await saveSettings({ languages: ['hi', 'en'] }, 500, first);
      await first.close();

      second = await createTestApp({ MONGODB_URI: mongoUri });
      // Applied once more at the start: a whole replacement twice is one, not a swap back.
      const after = await settings(second);
      expect(after.languages).toEqual(['hi', 'en']);
      expect(after.tagline).toBe('हथकरघा');
      expect(after.translations.en.tagline).toBe('Handloom');
      await saveSettings({ languages: ['en', 'hi'] }, 200, second);
      expect((await settings(second)).tagline).toBe('Handloom');
    } finally {
      await second?.close();
    }
  });

  it("holds administrators' writes while the change runs, on any instance (409)", async () => {
    const { mongoUri, first } = await bilingualSite();
    let other: TestApp | undefined;
    try {
      const changes = first.app.get(DefaultLanguageService);
      let release = () => undefined as void;
      const paused = new Promise<void>((resolve) => (release = resolve));
      const plan = (
        changes as unknown as { plan(from: string, to: string): AsyncIterable<unknown> }
      ).plan;
      jest.spyOn(changes as never, 'plan').mockImplementationOnce(async function* (
        this: unknown,
        from: string,
        to: string,
      ) {
        await paused;
        yield* plan.call(this, from, to);
      } as never);
      const changing = saveSettings({ languages: ['hi', 'en'] }, 200, first);
      try {
        // Another instance on the same database, started meanwhile, leaves the plan alone.
        other = await createTestApp({ MONGODB_URI: mongoUri });
        // A save of the profile as it is, through the other instance, until one is held.
        let held;
        for (let attempt = 0; attempt < 100 && !held; attempt++) {
          const {
            updatedAt: _u,
            translationStatus: _s,
            banner: _b,
            ...profile
          } = await settings(other);
          const answer = await other.api
            .put('/api/settings')
            .set(bearer(other.adminToken))
            .send(profile);
          if (answer.status === 409) held = answer.body;
          else expect(answer.status).toBe(200);
        }
        expect(held?.errors.languages).toMatch(/being changed to Hindi: try again in a moment/);
        // A visitor's enquiry goes on.
        await other.api.post('/api/enquiries').send(ashaEnquiry).expect(201);
      } finally {
        release();
      }
      await changing;
      expect(await settings(other)).toMatchObject({ languages: ['hi', 'en'], tagline: 'हथकरघा' });
    } finally {
      await other?.close();
      await first.close();
    }
  });
});
