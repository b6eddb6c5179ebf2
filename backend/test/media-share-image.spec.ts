import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { contentForm } from './support/fixtures';
import { bearer, useTestApp } from './support/test-app';

/** A square picture in three bands, red over blue over green: the crop's centre shows which. */
async function bandedImage(side: number): Promise<Buffer> {
  const band = Math.round(side / 3);
  const fill = (color: string, height: number) =>
    sharp({ create: { width: side, height, channels: 3, background: color } })
      .png()
      .toBuffer();
  return sharp({ create: { width: side, height: side, channels: 3, background: '#00ff00' } })
    .composite([
      { input: await fill('#ff0000', band), top: 0, left: 0 },
      { input: await fill('#0000ff', band), top: band, left: 0 },
    ])
    .png()
    .toBuffer();
}

async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data } = await sharp(image)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, 3)];
}

describe('link-preview image (og:image)', () => {
  const t = useTestApp();
  let auth: Record<string, string>;
  const uploads = () => fs.readdirSync(path.join(t.dataDir, 'uploads'));

  beforeAll(() => {
    auth = bearer(t.adminToken);
  });

  const create = (name: string, image: Buffer) =>
    contentForm(
      t.api.post('/api/product/').set(auth),
      { ProductName: name, ProductCategory: 'Linen' },
      image,
    ).expect(201);

  it('answers a 1200 × 630 JPEG cropped around the centre of the cover, made once and kept', async () => {
    const { body } = await create('Banded weave', await bandedImage(1500));
    const name = `${body.media.id}-og.jpg`;
    // Not made at upload time: existing images get theirs the same way, on first request.
    expect(uploads()).not.toContain(name);

    const first = await t.api.get(`/uploads/${name}`).buffer(true).expect(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect([...first.body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await sharp(first.body).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
    // The middle band (blue) fills the centre; the top of the crop is still the red band.
    const [red, green, blue] = await pixel(first.body, 600, 315);
    expect(blue).toBeGreaterThan(200);
    expect(red + green).toBeLessThan(80);
    expect((await pixel(first.body, 600, 5))[0]).toBeGreaterThan(200);

    const again = await t.api.get(`/uploads/${name}`).buffer(true).expect(200);
    expect(again.body.equals(first.body)).toBe(true);
    expect(uploads()).toContain(name);
    // The pages keep their WebP variants.
    expect(body.media.variants.every((v: { url: string }) => v.url.endsWith('.webp'))).toBe(true);
  });

  it('fills 1200 × 630 from a small upload, and answers 404 for an image that is not there', async () => {
    const { body } = await create('Small weave', await bandedImage(400));
    const share = await t.api.get(`/uploads/${body.media.id}-og.jpg`).buffer(true).expect(200);
    expect(await sharp(share.body).metadata()).toMatchObject({ width: 1200, height: 630 });
    await t.api.get('/uploads/0123456789abcdef0123-og.jpg').expect(404);
    await t.api.get(`/uploads/${body.media.id}-og.png`).expect(404);
  });

  it('removes the crop with its image', async () => {
    const { body } = await create('Short-lived weave', await bandedImage(600));
    const name = `${body.media.id}-og.jpg`;
    await t.api.get(`/uploads/${name}`).expect(200);
    await t.api.delete(`/api/product/${body._id}`).set(auth).expect(204);
    const trash = await t.api.get('/api/trash?type=product').set(auth).expect(200);
    const entry = trash.body.find((e: { itemId: string }) => e.itemId === body._id);
    await t.api.delete(`/api/trash/${entry._id}`).set(auth).expect(204);
    expect(uploads()).not.toContain(name);
    await t.api.get(`/uploads/${name}`).expect(404);
  });
});
