import type { TransformFnParams } from 'class-transformer';

/** Trims strings and leaves anything else for the validators to refuse. */
export const trimmed = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' ? value.trim() : value;

/** Multipart forms send every field as text: 'true'/'false' become booleans. */
export const booleanFromForm = ({ value }: TransformFnParams): unknown => {
  if (value === 'true' || value === '1' || value === 'on') return true;
  if (value === 'false' || value === '0' || value === 'off') return false;
  return value;
};

/** Numbers from forms: '' means "no value", anything unparsable is left for the validator. */
export const numberFromForm = ({ value }: TransformFnParams): unknown => {
  if (value === '' || value === null || value === 'null') return null;
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)))
    return Number(value);
  return value;
};

/**
 * Moments from forms and JSON: '' or null means "none"; a date with a time becomes a Date;
 * anything else is left for the validator to refuse.
 */
export const dateFromForm = ({ value }: TransformFnParams): unknown => {
  if (value === '' || value === null || value === 'null') return null;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date;
};
