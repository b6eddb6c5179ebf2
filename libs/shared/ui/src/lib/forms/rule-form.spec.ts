import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { bindField, fieldMessages, fieldRules, messageAt, placeFieldErrors } from './rule-form';

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
    // The `errors` of the API's 400: one for a field of this form, one for none of its fields.
    const placed = placeFieldErrors<Profile>(
      setError,
      { email: 'Taken', internal: 'Not a field of this form' },
      (name) => (name === 'email' ? 'email' : undefined),
    );
    expect(placed.filter((one) => one.path)).toHaveLength(1);
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Taken' });
    expect(setError).toHaveBeenCalledTimes(1);
    expect(placed).toContainEqual({ apiField: 'internal', message: 'Not a field of this form' });
  });

  it('ties an input to its field: the id, the message and the registration', () => {
    const register = jest.fn((name: string) => ({ name, onChange: jest.fn() }));
    const errors = { social: [undefined, { url: { type: 'rule', message: 'URL is required' } }] };
    const form = { formState: { errors }, register } as unknown as Parameters<
      typeof bindField<Profile>
    >[0];
    expect(bindField<Profile>(form, 'social.1.url', 'profile-social-1-url')).toMatchObject({
      id: 'profile-social-1-url',
      error: 'URL is required',
      name: 'social.1.url',
    });
    expect(bindField<Profile>(form, 'email', 'profile-email').error).toBeUndefined();
  });
});
