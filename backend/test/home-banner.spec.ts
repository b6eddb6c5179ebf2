import { uploadToLibrary } from './support/fixtures';
import { bearer, useTestApp } from './support/test-app';

interface Banner {
  mediaId: string;
  alt: string;
  media: { id: string; variants: { width: number; url: string }[] };
  videoUrl: string;
}

describe('the home banner chosen in the settings', () => {
  let auth: Record<string, string>;

  const t = useTestApp();
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  /** Uploads an image into the library and gives its id. */
  async function upload(alt: string, color: string): Promise<string> {
    return (await uploadToLibrary(t, auth, alt, color, { width: 640, height: 360 }))._id;
  }

  /** Saves the profile as it stands with `banner` (left out when undefined); expects `status`. */
  async function saveBanner(banner: unknown, status = 200) {
    const { body } = await t.api.get('/api/settings').set(auth).expect(200);
    const { updatedAt: _updatedAt, banner: _banner, ...profile } = body;
    return t.api
      .put('/api/settings')
      .set(auth)
      .send(banner === undefined ? profile : { ...profile, banner })
      .expect(status);
  }

  const visitorsBanner = async (): Promise<Banner | null> =>
    (await t.api.get('/api/settings').expect(200)).body.banner;
  const contentVersion = async (): Promise<string> =>
    (await t.api.get('/api/content-version').expect(200)).body.version;

  it('has no banner until one is chosen', async () => {
    expect(await visitorsBanner()).toBeNull();
  });

  it('shows the chosen library image with its alt text from the library, and moves the content version on', async () => {
    const mediaId = await upload('Indigo block prints drying in the sun', '#1b3a8a');
    const before = await contentVersion();

    const saved = await saveBanner({ mediaId });
    expect(saved.body.banner).toMatchObject({
      mediaId,
      alt: 'Indigo block prints drying in the sun',
      videoUrl: '',
    });
    expect(await contentVersion()).not.toBe(before);

    const banner = await visitorsBanner();
    expect(banner).toMatchObject({ mediaId, alt: 'Indigo block prints drying in the sun' });
    expect(banner?.media.id).toBe(mediaId);
    expect(banner?.media.variants.length).toBeGreaterThan(0);

    // The alt text is the library's: an edit there reaches the banner (and visitors' cache).
    await t.api
      .patch(`/api/media/${mediaId}`)
      .set(auth)
      .send({ alt: 'Indigo prints on the drying field' })
      .expect(200);
    expect((await visitorsBanner())?.alt).toBe('Indigo prints on the drying field');
  });

  it('takes the profile back as GET gave it (a round trip), the banner’s alt text still the library’s', async () => {
    const mediaId = await upload('Block printers at work', '#6a3a2a');
    await saveBanner({ mediaId });
    const { body } = await t.api.get('/api/settings').set(auth).expect(200);
    const { updatedAt: _updatedAt, ...profile } = body;
    const saved = await t.api
      .put('/api/settings')
      .set(auth)
      .send({ ...profile, banner: { ...profile.banner, alt: 'Made up here' } })
      .expect(200);
    expect(saved.body.banner).toMatchObject({ mediaId, alt: 'Block printers at work' });
  });

  it('plays a video over the image, which is its poster', async () => {
    const mediaId = await upload('The loom at work', '#7a4a1b');
    const video = 'https://cdn.vitrine.example/media/loom.mp4';
    await saveBanner({ mediaId, videoUrl: video });
    expect(await visitorsBanner()).toMatchObject({ mediaId, videoUrl: video });
  });

  it('clears the banner when it is sent as null or left out (a PUT replaces the profile)', async () => {
    const mediaId = await upload('Rolls of khadi', '#2a6a3a');
    await saveBanner({ mediaId });
    await saveBanner(null);
    expect(await visitorsBanner()).toBeNull();

    await saveBanner({ mediaId });
    await saveBanner(undefined);
    expect(await visitorsBanner()).toBeNull();
  });

  it('refuses an image the library does not have and a video that is not an http(s) video file, naming the field', async () => {
    const mediaId = await upload('Chanderi on the table', '#aa7788');
    await saveBanner({ mediaId });

    const missing = await saveBanner({ mediaId: 'ffffffffffffffffffff' }, 400);
    expect(missing.body.errors).toEqual({
      'banner.mediaId': 'This image is not in the media library',
    });
    const malformed = await saveBanner({ mediaId: '../etc/passwd' }, 400);
    expect(malformed.body.errors['banner.mediaId']).toBe(
      'Banner image must be a media library image id',
    );
    const script = await saveBanner({ mediaId, videoUrl: 'javascript:alert(1)' }, 400);
    expect(script.body.errors['banner.videoUrl']).toMatch(/http:\/\/ or https:\/\//);
    const page = await saveBanner(
      {
        mediaId,
        videoUrl: 'https://www.youtube.com/watch?v=abc',
      },
      400,
    );
    expect(page.body.errors['banner.videoUrl']).toBe(
      'Banner video must be the address of an .mp4 or .webm file',
    );
    const notAnObject = await saveBanner('banner.jpg', 400);
    expect(notAnObject.body.errors).toHaveProperty('banner');

    // Nothing refused was stored: the banner is still the last good one.
    expect((await visitorsBanner())?.mediaId).toBe(mediaId);
  });

  it('counts the banner as a use of its image: the library refuses to delete it until the banner changes', async () => {
    const mediaId = await upload('Handloom cotton, warp threads', '#335577');
    await saveBanner({ mediaId });

    const item = await t.api.get(`/api/media/${mediaId}`).set(auth).expect(200);
    expect(item.body.usedBy).toEqual([
      { type: 'settings', id: expect.any(String), name: 'Site settings' },
    ]);
    const refused = await t.api.delete(`/api/media/${mediaId}`).set(auth).expect(409);
    expect(refused.body.message).toMatch(/site settings/);

    await saveBanner(null);
    await t.api.delete(`/api/media/${mediaId}`).set(auth).expect(204);
  });

  it('lets only administrators choose the banner', async () => {
    const mediaId = await upload('Sage linen', '#778866');
    const { body } = await t.api.get('/api/settings').expect(200);
    const { updatedAt: _updatedAt, ...profile } = body;
    await t.api
      .put('/api/settings')
      .send({ ...profile, banner: { mediaId } })
      .expect(401);
  });
});
