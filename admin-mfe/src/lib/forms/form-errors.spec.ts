import { ApiError } from '@vitrine/api-client';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { fieldMessages, fieldRules, messageAt, showApiFieldErrors } from './form-errors';

interface Profile extends FieldValues {
  email: string;
  social: { url: string }[];
}

const resolve = (resolver: Resolver<Profile>, values: Profile) =>
  resolver(values, undefined, { fields: {}, shouldUseNativeValidation: undefined });

describe('form errors', () => {
  const rules = fieldRules<Profile>((values) => ({
    email: values.email ? undefined : 'Email is required',
    'social.1.url': values.social[1]?.url ? undefined : 'URL is required',
  }));

  it('turns a form’s own checks into react-hook-form errors at their paths', async () => {
    const { values, errors } = await resolve(rules, {
      email: '',
      social: [{ url: 'a' }, { url: '' }],
    });
    expect(values).toEqual({});
    expect(messageAt(errors, 'email')).toBe('Email is required');
    expect(messageAt(errors, 'social.1.url')).toBe('URL is required');
    expect(messageAt(errors, 'social.0.url')).toBeUndefined();
  });

  it('lets the values through when every check passes', async () => {
    const form = { email: 'a@b.in', social: [{ url: 'a' }, { url: 'b' }] };
    expect(await resolve(rules, form)).toEqual({ values: form, errors: {} });
  });

  it('lists every field message by path, leaving out the form-level one', () => {
    const errors = {
      email: { type: 'rule', message: 'Email is required' },
      social: [undefined, { url: { type: 'server', message: 'Not a web address' } }],
      root: { server: { type: 'server', message: 'Check the fields' } },
    } as unknown as FieldErrors;
    expect(fieldMessages(errors)).toEqual([
      ['email', 'Email is required'],
      ['social.1.url', 'Not a web address'],
    ]);
  });

  it('puts the API’s field messages on the fields the form has', () => {
    const setError = jest.fn();
    const error = new ApiError(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: '2 fields are not valid',
      errors: { email: 'Taken', internal: 'Not a field of this form' },
    });
    const shown = showApiFieldErrors<Profile>(setError, error, (name) =>
      name === 'email' ? 'email' : undefined,
    );
    expect(shown).toBe(1);
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Taken' });
    expect(setError).toHaveBeenCalledTimes(1);
  });
});
