/** The image formats uploads may be, told from their first bytes, never from name or header. */
export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  // ISO-BMFF: [size]['ftyp'][major brand]...[compatible brands]
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') {
    const size = Math.min(bytes.readUInt32BE(0), bytes.length);
    const brands = bytes.subarray(8, size).toString('latin1');
    if (/avi[fs]/.test(brands)) return 'avif';
  }
  return null;
}
