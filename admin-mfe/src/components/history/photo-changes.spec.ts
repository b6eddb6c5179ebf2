import type { Media } from '@vitrine/api-client';
import { isPhotoList, photoChangeWords, photoChanges, type PhotoValue } from './photo-changes';

const media = (id: string): Media => ({
  id,
  width: 1280,
  height: 960,
  placeholder: '',
  variants: [{ url: `/uploads/${id}-640.webp`, width: 640 }],
});
const photo = (id: string, alt = `Photo ${id}`): PhotoValue => ({
  mediaId: id,
  alt,
  media: media(id),
});
const summary = (before: PhotoValue[], after: PhotoValue[]) =>
  photoChanges(before, after).map((change) => [change.photo.mediaId, photoChangeWords(change)]);

describe('how a change altered the photos', () => {
  it('names only the photo moved, and the new cover when it takes the first place', () => {
    expect(
      summary([photo('a'), photo('b'), photo('c')], [photo('c'), photo('a'), photo('b')]),
    ).toEqual([['c', ['Moved from place 3 to 1', 'New cover']]]);
    expect(
      summary(
        [photo('a'), photo('b'), photo('c'), photo('d')],
        [photo('a'), photo('c'), photo('d'), photo('b')],
      ),
    ).toEqual([['b', ['Moved from place 2 to 4']]]);
  });

  it('names photos added and removed, a removed one after those shown now', () => {
    expect(summary([photo('a'), photo('b')], [photo('b'), photo('d')])).toEqual([
      ['b', ['New cover']],
      ['d', ['Added at place 2']],
      ['a', ['Removed']],
    ]);
    expect(summary([], [photo('a')])).toEqual([['a', ['Added', 'New cover']]]);
  });

  it('gives a changed alt text before and after', () => {
    const [change] = photoChanges([photo('a', 'Drapes')], [photo('a', 'Linen drapes, drawn')]);
    expect(photoChangeWords(change)).toEqual(['Alt text changed']);
    expect(change).toMatchObject({ altBefore: 'Drapes', altAfter: 'Linen drapes, drawn' });
  });

  it('tells photos from other lists', () => {
    expect(isPhotoList([photo('a')])).toBe(true);
    expect(isPhotoList([{ label: 'Instagram', url: 'https://instagram.com' }])).toBe(false);
    expect(isPhotoList([])).toBe(false);
  });
});
