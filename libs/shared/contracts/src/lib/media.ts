/**
 * Image widths the API makes the first time one is asked for, and does not list among an
 * image's variants: an image with a wider variant has one at each of these widths, under the
 * wider variant's name with this width (`/uploads/<id>-960.webp`). 960 px is a phone's
 * full-width picture (about 400 px at 1.75–2.5×), which would otherwise get the 1280 one.
 */
export const ON_DEMAND_IMAGE_WIDTHS: readonly number[] = [960];
