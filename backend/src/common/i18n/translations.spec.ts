import { localize, rebased, type TranslatableShape } from './translations';

const PRODUCT: TranslatableShape = {
  texts: ['ProductName', 'ProductDescription'],
  ownLists: { photos: ['alt'] },
};
const PROFILE: TranslatableShape = {
  texts: ['tagline', 'story'],
  lists: { figures: ['label'] },
  objects: { banner: ['alt'] },
};

describe('rebased: another language becomes the default', () => {
  it("makes Hindi's texts the item's own and keeps the English ones as a translation", () => {
    const product = {
      ProductName: 'Kala Cotton Stripe',
      ProductDescription: '<p>Handwoven</p>',
      ProductPrice: 1200,
      photos: [
        { mediaId: 'a', alt: 'Folded', translations: { hi: { alt: 'मुड़ा हुआ' } } },
        { mediaId: 'b', alt: 'Draped' },
      ],
      slug: 'kala-cotton-stripe',
      slugHistory: ['kala-cotton'],
      translations: {
        hi: { ProductName: 'काला कॉटन धारी', slug: 'kala-kapas', slugHistory: ['kala'] },
        fr: { ProductName: 'Rayure coton kala' },
      },
    };
    expect(rebased(product, PRODUCT, 'en', 'hi')).toEqual({
      ProductName: 'काला कॉटन धारी',
      // No Hindi description: the English one stays the item's own, and is English's too.
      ProductDescription: '<p>Handwoven</p>',
      ProductPrice: 1200,
      photos: [
        { mediaId: 'a', alt: 'मुड़ा हुआ', translations: { en: { alt: 'Folded' } } },
        { mediaId: 'b', alt: 'Draped', translations: { en: { alt: 'Draped' } } },
      ],
      slug: 'kala-kapas',
      slugHistory: ['kala', 'kala-cotton-stripe', 'kala-cotton'],
      translations: {
        fr: { ProductName: 'Rayure coton kala' },
        en: {
          ProductName: 'Kala Cotton Stripe',
          ProductDescription: '<p>Handwoven</p>',
          slug: 'kala-cotton-stripe',
          slugHistory: ['kala-cotton'],
        },
      },
    });
  });

  it('keeps the slug when the new default language had none of its own', () => {
    const service = { ServiceName: 'Weaving', slug: 'weaving', slugHistory: [], translations: {} };
    const shape = { texts: ['ServiceName'] };
    expect(rebased(service, shape, 'en', 'hi')).toEqual({
      ServiceName: 'Weaving',
      slug: 'weaving',
      slugHistory: [],
      translations: { en: { ServiceName: 'Weaving' } },
    });
  });

  it("swaps lists' elements and sub-documents' texts, element by element", () => {
    const profile = {
      tagline: 'Handloom from Jaipur',
      story: '',
      figures: [
        { label: 'Founded', value: '1998' },
        { label: 'Looms', value: '40' },
      ],
      banner: { mediaId: 'm', alt: 'The studio' },
      translations: { hi: { tagline: 'जयपुर से हथकरघा', figures: [{}, { label: 'करघे' }] } },
    };
    expect(rebased(profile, PROFILE, 'en', 'hi')).toEqual({
      tagline: 'जयपुर से हथकरघा',
      story: '',
      figures: [
        { label: 'Founded', value: '1998' },
        { label: 'करघे', value: '40' },
      ],
      banner: { mediaId: 'm', alt: 'The studio' },
      translations: {
        en: {
          tagline: 'Handloom from Jaipur',
          figures: [{ label: 'Founded' }, { label: 'Looms' }],
          banner: { alt: 'The studio' },
        },
      },
    });
  });

  it('reads in every language as before, once the texts were complete', () => {
    const profile = {
      tagline: 'Handloom',
      story: 'Since 1998',
      figures: [{ label: 'Looms', value: '40' }],
      banner: { alt: 'Studio' },
      translations: {
        hi: {
          tagline: 'हथकरघा',
          story: '1998 से',
          figures: [{ label: 'करघे' }],
          banner: { alt: 'स्टूडियो' },
        },
      },
    };
    const swapped = rebased(profile, PROFILE, 'en', 'hi');
    for (const locale of ['en', 'hi']) {
      expect(localize(swapped, PROFILE, locale, 'hi')).toEqual(
        localize(profile, PROFILE, locale, 'en'),
      );
    }
    expect(rebased(swapped, PROFILE, 'hi', 'en')).toEqual(profile);
  });
});
