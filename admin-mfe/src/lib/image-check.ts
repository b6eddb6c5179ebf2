/**
 * What the API accepts for an image (its defaults: UPLOAD_MAX_MB=10, and 50 megapixels
 * against decompression bombs). Checked in the browser first, so a file that would be
 * refused is named before anything is sent; the API checks again whatever the browser says.
 */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'];
/** A file input's `accept`: the browser offers these types first. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 50_000_000;

/** The limits as the forms write them under their file inputs. */
export const IMAGE_LIMITS_HINT =
  'JPEG, PNG, WebP, AVIF or GIF; each at most 10 MB and 50 megapixels';

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Why the API would refuse this file, or null when it looks acceptable. */
export async function imageProblem(file: File): Promise<string | null> {
  if (!IMAGE_TYPES.includes(file.type)) {
    return 'This is not a JPEG, PNG, WebP, AVIF or GIF image';
  }
  if (file.size > IMAGE_MAX_BYTES) {
    return `The file is too large (${megabytes(file.size)}; at most 10 MB)`;
  }
  const size = await pixelSize(file);
  if (!size) return 'The browser cannot read this image; it may be damaged';
  const pixels = size.width * size.height;
  if (pixels > IMAGE_MAX_PIXELS) {
    const mp = Math.round(pixels / 1_000_000);
    return `The image has too many pixels (${size.width} × ${size.height}, ${mp} megapixels; at most 50)`;
  }
  return null;
}

/** The image's width and height from its header, as the browser reads it; null if it cannot. */
function pixelSize(file: File): Promise<{ width: number; height: number } | null> {
  // Without image decoding (jsdom in unit tests) there is no way to tell: the API decides.
  if (typeof createImageBitmap !== 'function' || typeof URL.createObjectURL !== 'function') {
    return Promise.resolve({ width: 0, height: 0 });
  }
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = (size: { width: number; height: number } | null) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    image.onload = () => done({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => done(null);
    image.src = url;
  });
}
