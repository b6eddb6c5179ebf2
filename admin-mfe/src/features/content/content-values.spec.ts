import { ApiError } from '@vitrine/api-client';
import { contentFormData } from './api/content-form-data';
import type { ContentRecord, ContentType } from './content-type';
import { errorSummary, errorsFromApi, validateContent, valuesOf } from './content-values';

const projectType: ContentType<'Product', 'Client'> = {
  prefix: 'Product',
  slug: 'product',
  one: 'project',
  many: 'projects',
  listDescription: '',
  defaultCategories: [],
  priceHint: '',
  statusHint: '',
  statusSuggestions: [],
  descriptionPlaceholder: '',
  extraFields: [{ key: 'Client', label: 'Client' }],
  endpoints: { list: jest.fn(), get: jest.fn(), categories: jest.fn(), remove: jest.fn() },
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
      Price: 'Value must be a number, 0 or more',
    });
  });

  it('sends the API’s field names, trimmed, with the description as written', () => {
    const values = valuesOf(projectType, project);
    values.fields.Name = '  Indigo courtyard ';
    values.fields.Description = ' <p>Hand woven</p> ';
    const image = new File(['1'], 'courtyard.png', { type: 'image/png' });
    const sent = [...contentFormData(projectType, values, image).entries()];
    expect(sent.map(([name]) => name)).toEqual([
      'ProductName',
      'ProductCategory',
      'ProductPrice',
      'ProductHeading',
      'ProductDescription',
      'ProductStatus',
      'ProductClient',
      'published',
      'Userimg',
    ]);
    expect(sent[0][1]).toBe('Indigo courtyard');
    expect(sent[4][1]).toBe(' <p>Hand woven</p> ');
    expect(sent[7][1]).toBe('false');
  });

  it('puts the API’s field errors on the form’s fields and lists them in the summary', () => {
    const error = new ApiError(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Check the fields',
      errors: { ProductClient: 'Too long', ProductName: 'Taken', Unknown: 'Ignored' },
    });
    const errors = errorsFromApi(projectType, error, null);
    expect(errors).toEqual({ Name: 'Taken', Client: 'Too long' });
    expect(errorSummary(projectType, errors)).toEqual([
      { message: 'Name: Taken', fieldId: 'product-ProductName' },
      { message: 'Client: Too long', fieldId: 'product-ProductClient' },
    ]);
  });

  it('blames the chosen image when the API refuses the file', () => {
    const error = new ApiError(415, {
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'That file is not an image',
    });
    const image = new File(['1'], 'notes.txt', { type: 'text/plain' });
    expect(errorsFromApi(projectType, error, image)).toEqual({
      Userimg: 'That file is not an image',
    });
    expect(errorsFromApi(projectType, error, null)).toEqual({});
  });
});
