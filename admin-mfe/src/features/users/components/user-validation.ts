import { PHONE_PATTERN } from '@vitrine/contracts';
export interface UserValues {
  FirstName: string;
  LastName: string;
  UserName: string;
  Email: string;
  Number: string;
  Password: string;
  isAdmin: boolean;
}

export type UserErrors = Partial<Record<keyof UserValues, string>>;

// The API's own rules (backend/src/users/dto/create-user.dto.ts), checked before sending.
const USER_NAME = /^[A-Za-z0-9._-]{3,40}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateUser(values: UserValues, editing: boolean): UserErrors {
  const errors: UserErrors = {};
  if (!values.FirstName.trim()) errors.FirstName = 'First name is required';
  if (!values.LastName.trim()) errors.LastName = 'Last name is required';
  if (!USER_NAME.test(values.UserName.trim()))
    errors.UserName = 'User name must be 3-40 letters, digits, dots, dashes or underscores';
  if (!EMAIL.test(values.Email.trim()))
    errors.Email = 'Enter an e-mail address like name@example.com';
  if (!PHONE_PATTERN.test(values.Number.trim()))
    errors.Number = 'Number must be a phone number (digits, spaces, +, - or brackets)';
  if (!editing && !values.Password) errors.Password = 'Password is required';
  else if (values.Password && (values.Password.length < 8 || values.Password.length > 128))
    errors.Password = 'Password must be 8 to 128 characters';
  return errors;
}
