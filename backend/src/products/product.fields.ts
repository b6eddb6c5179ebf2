import type { ContentKind } from '../content/content-fields';

/** A product's fields are the shared content fields, named `Product…`, and three more texts. */
export const PRODUCT_FIELDS: ContentKind<'Product', 'Client' | 'Location' | 'Size'> = {
  prefix: 'Product',
  examples: {
    Name: 'Indigo handloom cotton',
    Category: 'Cotton',
    Price: 1450,
    Heading: 'Hand-dyed, hand-woven, made to last',
    Description: '<p>Woven on <strong>pit looms</strong> in Bhuj.</p>',
    Status: 'In stock',
  },
  more: { Client: 'Taj Hotels', Location: 'Jaipur', Size: '44 in width, 120 GSM' },
  slug: 'indigo-handloom-cotton',
  earlierSlug: 'indigo-cotton',
};
