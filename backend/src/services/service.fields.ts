import type { ContentKind } from '../content/content-fields';

/** A service's fields are the shared content fields, named `Service…`. */
export const SERVICE_FIELDS: ContentKind<'Service'> = {
  prefix: 'Service',
  examples: {
    Name: 'Courtyard houses',
    Category: 'Architecture',
    Price: 25000,
    Heading: 'Homes built around light and air',
    Description: '<p>From the first sketch to the <em>last tile</em>.</p>',
    Status: 'Taking projects',
  },
  slug: 'courtyard-houses',
  earlierSlug: 'courtyards',
};
