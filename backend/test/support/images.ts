import sharp from 'sharp';
import zlib from 'node:zlib';

/** A real PNG of the given size, in a colour so that different test images differ. */
export function pngImage(width = 800, height = 600, color = '#3b5ba5'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A photo-sized image whose re-encoding takes a while and stays large: noise does not compress. */
export function noisyPng(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#777',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
}

export function jpegImage(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#a53b3b' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A few hundred bytes that claim to be a 60000 × 60000 PNG: decoded, it would take
 * gigabytes (a decompression bomb).
 */
export function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60000, 0);
  header.writeUInt32BE(60000, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(60001))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An HTML page wearing a .jpg name and an image/jpeg header. */
export const htmlPretendingToBeJpeg = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);

/**
 * Files someone could leave among the media (by hand, or by an archive restored), each a
 * page or a script if it were served from the site's origin.
 */
export const plantedFiles: Record<string, string> = {
  'page.html': '<html><script>document.title = document.cookie</script></html>',
  'payload.js': 'fetch("/api/user", { credentials: "include" })',
  'pic.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  'photo.jpg': '<html><script>alert(1)</script></html>',
};
