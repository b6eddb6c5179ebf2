/**
 * A phone number as people write it: digits with spaces, dashes or brackets, an optional
 * leading +, 7 to 20 characters. The API and both front ends check the same rule.
 */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,18}[0-9]$/;
