import { contentFormData } from './api/content-form-data';
import type { ContentRecord, ContentType } from './content-type';
import {
  contentRules,
  describePath,
  pathOfApiField,
  validateContent,
  valuesOf,
} from './content-values';

const projectType: ContentType<'Product', 'Client'> = {
  prefix: 'Product',
  slug: 'product',
  pagePath: '/singleproject/',
  one: 'project',
  many: 'projects',
  listDescription: '',
  defaultCategories: [],
  priceHint: '',
  statusHint: '',
  statusSuggestions: [],
  descriptionPlaceholder: '',
  extraFields: [{ key: 'Client', label: 'Client' }],
  endpoints: {
    list: jest.fn(),
    get: jest.fn(),
    categories: jest.fn(),
    remove: jest.fn(),
    move: jest.fn(),
  },
};

const project: ContentRecord<'Product', 'Client'> = {
  _id: 'p1',
  media: null,
  published: false,
  ProductName: 'Indigo courtyard',
  ProductCategory: 'Linen',
  ProductPrice: 1450,
  ProductDescription: '<p>Hand woven</p>',
  ProductClient: 'Taj Hotels',
};

describe('a content type’s form values', () => {
  it('starts from the record, with empty text for the fields it lacks', () => {
    expect(valuesOf(projectType, project)).toEqual({
      fields: {
        Name: 'Indigo courtyard',
        Category: 'Linen',
        Price: '1450',
        Heading: '',
        Description: '<p>Hand woven</p>',
        Status: '',
        Client: 'Taj Hotels',
      },
      published: false,
      slug: '',
      featured: false,
      publishAt: '',
      photos: [],
      translations: {},
    });
  });

  it('gives a record saved before photos its one image as the cover, with its name as alt text', () => {
    const media = { id: 'a'.repeat(20), variants: [], width: 1, height: 1, placeholder: '' };
    expect(valuesOf(projectType, { ...project, media }).photos).toEqual([
      { mediaId: media.id, alt: 'Indigo courtyard', media },
    ]);
  });

  it('asks an alt text of every photo, and links the summary to it', () => {
    const media = { id: 'b'.repeat(20), variants: [], width: 1, height: 1, placeholder: '' };
    const values = valuesOf(projectType, project);
    values.photos = [
      { mediaId: 'c'.repeat(20), alt: 'Weave', media },
      { mediaId: media.id, alt: '  ', media },
    ];
    expect(contentRules(projectType)(values)).toEqual({
      'photos.1.alt': 'Describe photo 2 for people who cannot see it',
    });
    expect(pathOfApiField(projectType, 'photos.1.alt')).toBe('photos.1.alt');
    expect(describePath(projectType, 'photos.1.alt')).toMatchObject({
      label: 'Alt text of photo 2',
      fieldId: 'product-photos-1-alt',
    });
  });

  it('starts a new record empty and published', () => {
    const values = valuesOf(projectType);
    expect(values.published).toBe(true);
    expect(Object.values(values.fields).every((value) => value === '')).toBe(true);
  });

  it('asks for a name and a category, and a value of 0 or more', () => {
    const values = valuesOf(projectType);
    values.fields.Price = '-3';
    expect(validateContent(projectType, values)).toEqual({
      Name: 'Enter the project name',
      Category: 'Choose a category or add a new one',
      Price: 'Value must be an amount in rupees, 0 or more, such as 1,45,000',
    });
  });

  it('takes a price as the list writes it, in Indian or international digit grouping', () => {
    const values = valuesOf(projectType, project);
    for (const [typed, sent] of [
      ['1,450', '1450'],
      ['₹1,45,000', '145000'],
      ['145,000', '145000'],
      ['2500.50', '2500.5'],
    ]) {
      values.fields.Price = typed;
      expect(validateContent(projectType, values).Price).toBeUndefined();
      expect(contentFormData(projectType, values).get('ProductPrice')).toBe(sent);
    }
    for (const typed of ['14,50', '1,4500', 'about 2000', '-1']) {
      values.fields.Price = typed;
      expect(validateContent(projectType, values).Price).toMatch(/^Value must be/);
    }
  });

  it('sends the API’s field names, trimmed, with the description as written', () => {
    const values = valuesOf(projectType, project);
    values.fields.Name = '  Indigo courtyard ';
    values.fields.Description = ' <p>Hand woven</p> ';
    const media = { id: 'd'.repeat(20), variants: [], width: 1, height: 1, placeholder: '' };
    values.photos = [{ mediaId: media.id, alt: ' Courtyard drapes ', media }];
    const sent = [...contentFormData(projectType, values).entries()];
    expect(sent.map(([name]) => name)).toEqual([
      'ProductName',
      'ProductCategory',
      'ProductPrice',
      'ProductHeading',
      'ProductDescription',
      'ProductStatus',
      'ProductClient',
      'published',
      'featured',
      'publishAt',
      'photos',
    ]);
    expect(JSON.parse(String(sent.find(([name]) => name === 'photos')?.[1]))).toEqual([
      { mediaId: 'd'.repeat(20), alt: 'Courtyard drapes' },
    ]);
    expect(sent[0][1]).toBe('Indigo courtyard');
    expect(sent[4][1]).toBe(' <p>Hand woven</p> ');
    expect(sent[7][1]).toBe('false');
  });

  it('sends a page address only when one is typed, and checks its characters first', () => {
    const values = valuesOf(projectType, project);
    expect(contentFormData(projectType, values).has('slug')).toBe(false);
    values.slug = ' sky-blue-poplin ';
    expect(validateContent(projectType, values).slug).toBeUndefined();
    expect(contentFormData(projectType, values).get('slug')).toBe('sky-blue-poplin');
    for (const typed of ['Sky-Blue', 'sky blue', 'sky--blue', '-sky']) {
      values.slug = typed;
      expect(validateContent(projectType, values).slug).toMatch(/^Use lowercase letters/);
    }
    expect(pathOfApiField(projectType, 'slug')).toBe('slug');
    expect(describePath(projectType, 'slug')).toMatchObject({
      label: 'Page address',
      fieldId: 'product-slug',
    });
  });

  it('finds the form’s field for each of the API’s field names, and ignores the rest', () => {
    expect(pathOfApiField(projectType, 'ProductName')).toBe('fields.Name');
    expect(pathOfApiField(projectType, 'ProductClient')).toBe('fields.Client');
    expect(pathOfApiField(projectType, 'published')).toBe('published');
    expect(pathOfApiField(projectType, 'Userimg')).toBe('photos');
    expect(pathOfApiField(projectType, 'Unknown')).toBeUndefined();
  });

  it('labels each field for the summary, linked to its element, in the order of the form', () => {
    expect(describePath(projectType, 'fields.Name')).toEqual({
      label: 'Name',
      fieldId: 'product-ProductName',
      rank: 0,
    });
    expect(describePath(projectType, 'fields.Client')).toMatchObject({
      label: 'Client',
      fieldId: 'product-ProductClient',
    });
    expect(describePath(projectType, 'photos')).toMatchObject({
      label: 'Photos',
      fieldId: 'product-Userimg',
    });
    expect(describePath(projectType, 'fields.Client')!.rank).toBeGreaterThan(
      describePath(projectType, 'fields.Name')!.rank,
    );
  });

  it('checks by the form’s paths', () => {
    expect(contentRules(projectType)(valuesOf(projectType))).toEqual({
      'fields.Name': 'Enter the project name',
      'fields.Category': 'Choose a category or add a new one',
    });
  });
});
