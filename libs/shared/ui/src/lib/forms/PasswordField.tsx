import { TextField, type TextFieldProps } from './TextField';

/** The longest password the API takes, at sign-in and when one is set. */
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete'> & {
  /** What password managers go by: the password signed in with, or one being set. */
  autoComplete: 'current-password' | 'new-password';
};

/**
 * A labelled password input, as every form of both front ends asks for one: the text
 * hidden, at most as long as the API takes, and named for password managers.
 */
export function PasswordField(props: PasswordFieldProps) {
  return <TextField maxLength={PASSWORD_MAX_LENGTH} {...props} type="password" />;
}
