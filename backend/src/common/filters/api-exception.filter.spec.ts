import mongoose from 'mongoose';
import { ApiExceptionFilter } from './api-exception.filter';

describe('ApiExceptionFilter', () => {
  const filter = new ApiExceptionFilter();

  it('answers a schema-only rule broken by the input with a 400 naming the fields', () => {
    const Product = mongoose.model(
      'FilterSpecProduct',
      new mongoose.Schema({ ProductName: { type: String, required: true } }),
    );
    const invalid = new Product({}).validateSync();

    expect(filter.toBody(invalid)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'ProductName is required',
      errors: { ProductName: 'ProductName is required' },
    });
  });

  it('tells nothing of an unexpected error', () => {
    expect(filter.toBody(new Error('secret driver detail'))).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side',
    });
  });
});
