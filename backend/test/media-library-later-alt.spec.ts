import type { LibraryImage } from './support/fixtures';
import { htmlPretendingToBeJpeg, pngImage } from './support/images';
import { bearer, useTestApp } from './support/test-app';

/**
 * Several photos are uploaded at once and described afterwards: the library takes an image
 * without alt text, and the content that places it still refuses it until it has one.
 */
describe('library uploads described after the upload', () => {
  const t = useTestApp();
  let auth: Record<string, string>;

  beforeAll(() => {
    auth = bearer(t.adminToken);
  });

  const uploadWithoutAlt = async (color: string): Promise<LibraryImage> =>
    (
      await t.api
        .post('/api/media/library')
        .set(auth)
        .attach('file', await pngImage(400, 300, color), 'IMG_2041.png')
        .expect(201)
    ).body;

  it('stores an image sent without alt text, with an empty alt and never its file name', async () => {
    const image = await uploadWithoutAlt('#aa3300');
    expect(image).toMatchObject({ alt: '', caption: '', usedBy: [] });
    expect(image.media.variants.length).toBeGreaterThan(0);
    const read = await t.api.get(`/api/media/${image._id}`).set(auth).expect(200);
    expect(read.body.alt).toBe('');
  });

  it('still checks the bytes of an upload without alt text', async () => {
    const refused = await t.api
      .post('/api/media/library')
      .set(auth)
      .attach('file', htmlPretendingToBeJpeg, 'photo.jpg')
      .expect(415);
    expect(refused.body.message).toBe('Only JPEG, PNG, WebP, AVIF or GIF images are accepted');
    await t.api
      .post('/api/media/library')
      .attach('file', await pngImage(100, 100), 'x.png')
      .expect(401);
  });

  it('refuses a project placing it without alt text, naming the photo, and saves nothing', async () => {
    const [first, second] = [await uploadWithoutAlt('#114488'), await uploadWithoutAlt('#448811')];
    const refused = await t.api
      .post('/api/product/')
      .set(auth)
      .send({
        ProductName: 'Undescribed drapes',
        ProductCategory: 'Linen',
        photos: [
          { mediaId: first._id, alt: 'Drapes in the morning' },
          { mediaId: second._id, alt: '' },
        ],
      })
      .expect(400);
    expect(refused.body.errors).toEqual({ 'photos.1.alt': 'Alt text is required' });
    const listed = await t.api.get('/api/product?q=Undescribed').set(auth).expect(200);
    expect(listed.body).toHaveLength(0);

    // Described on the project, each image takes its first alt text into the library too.
    await t.api
      .post('/api/product/')
      .set(auth)
      .send({
        ProductName: 'Described drapes',
        ProductCategory: 'Linen',
        photos: [
          { mediaId: first._id, alt: 'Drapes in the morning' },
          { mediaId: second._id, alt: 'Drapes at dusk' },
        ],
      })
      .expect(201);
    const library = await t.api.get(`/api/media/${second._id}`).set(auth).expect(200);
    expect(library.body.alt).toBe('Drapes at dusk');
  });
});
