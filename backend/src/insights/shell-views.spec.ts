import { BadRequestException } from '@nestjs/common';
import { SchemaValidationPipe } from '../common/validation/schema-validation.pipe';
import { SHELL_VIEWS } from './dto/insights.dto';

const pipe = new SchemaValidationPipe(SHELL_VIEWS);
const view = {
  path: '/singleproject/teak-chair',
  referrer: 'https://www.google.com/',
  address: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)',
  at: '2026-12-01T10:15:00.000Z',
};

/** The 400's body for `body`, or undefined when the pipe takes it. */
function refusal(body: unknown): unknown {
  try {
    pipe.transform(body);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).getResponse();
  }
}

describe("a shell's report of the views it served", () => {
  it('is taken with its times as dates, a referrer optional', () => {
    const { referrer: _none, ...direct } = view;
    expect(pipe.transform({ views: [view, direct] })).toEqual({
      views: [
        { ...view, at: new Date('2026-12-01T10:15:00.000Z') },
        { ...direct, at: new Date('2026-12-01T10:15:00.000Z') },
      ],
    });
    expect(pipe.transform({ views: [{ ...view, at: '2026-12-01T15:45:00+05:30' }] })).toEqual({
      views: [{ ...view, at: new Date('2026-12-01T10:15:00.000Z') }],
    });
  });

  it('is refused naming each field at fault, as the ValidationPipe names them', () => {
    expect(refusal({ views: [{ path: '/', address: '203.0.113.20' }] })).toEqual({
      message: '2 fields are not valid',
      errors: {
        'views.0.userAgent': 'userAgent must be text',
        'views.0.at': 'at must be a date and time',
      },
    });
    expect(refusal({ views: [{ ...view, path: 'products', at: 'yesterday' }] })).toEqual({
      message: '2 fields are not valid',
      errors: {
        'views.0.path': 'path must be a page of the site, such as /products',
        'views.0.at': 'at must be a date and time',
      },
    });
    expect(refusal({ views: [{ ...view, userAgent: 'x'.repeat(1001) }] })).toEqual({
      message: 'userAgent must be at most 1000 characters',
      errors: { 'views.0.userAgent': 'userAgent must be at most 1000 characters' },
    });
    expect(refusal({ views: 'all of them' })).toMatchObject({ message: 'views must be a list' });
    expect(refusal({ views: Array.from({ length: 5001 }, () => view) })).toMatchObject({
      message: 'views must be at most 5000 at a time',
    });
  });

  it('is refused with a field it does not know, or an empty body', () => {
    expect(refusal({ views: [{ ...view, ip: '203.0.113.7' }] })).toMatchObject({
      errors: { 'views.0': expect.stringContaining('ip') },
    });
    expect(refusal(undefined)).toMatchObject({ errors: { body: expect.any(String) } });
  });
});
