import type { Swatch } from './patterns';
import { HINDI_PRODUCTS, HINDI_SERVICES, HINDI_WORDS } from './demo-content.hi';

/** The studio's demo catalogue: what a fresh install shows until the administrator edits it. */
export interface DemoProduct {
  name: string;
  heading: string;
  price: number;
  client: string;
  location: string;
  size: string;
  status: string;
  swatch: Swatch;
}

const product = (
  name: string,
  heading: string,
  price: number,
  swatch: Swatch,
  extra: Partial<DemoProduct> = {},
): DemoProduct => ({
  name,
  heading,
  price,
  client: 'Studio collection',
  location: 'Jaipur',
  size: '44 in width',
  status: 'In stock',
  swatch,
  ...extra,
});

export const DEMO_PRODUCTS: Record<string, DemoProduct[]> = {
  Cotton: [
    product('Indigo Dabu Cotton', 'Mud-resist printed by hand in Bagru', 480, {
      pattern: 'dots',
      colors: ['#1f3a68', '#e8e1d3', '#9db4d6'],
    }),
    product('Sanganeri Floral Cotton', 'Fine block prints on soft cotton', 420, {
      pattern: 'dots',
      colors: ['#f4ede1', '#c2553a', '#5d7a4a'],
    }),
    product('Kala Cotton Stripe', 'Rain-fed cotton from Kutch, woven on pit looms', 560, {
      pattern: 'stripes',
      colors: ['#e9dfcc', '#3b3128', '#a8823f'],
    }),
    product(
      'Madras Check Cotton',
      'Bright yarn-dyed checks',
      390,
      { pattern: 'checks', colors: ['#f6f1e7', '#b8322b', '#d9a327'] },
      { client: 'Fabindia' },
    ),
    product('Organic Cambric', 'Light, breathable, undyed', 340, {
      pattern: 'plain-weave',
      colors: ['#f3efe6', '#d8cdb8', '#e6dccb'],
    }),
    product(
      'Ajrakh Cotton',
      'Natural indigo and madder, double-sided',
      720,
      { pattern: 'ikat', colors: ['#2a1d2f', '#b13a2c', '#1d4e73'] },
      { location: 'Ajrakhpur' },
    ),
  ],
  Linen: [
    product('Natural Flax Linen', 'Stonewashed, softens with every wash', 890, {
      pattern: 'plain-weave',
      colors: ['#d9cbb0', '#b9a583', '#e8ddc7'],
    }),
    product('Sage Linen', 'Garment-dyed in a quiet green', 940, {
      pattern: 'plain-weave',
      colors: ['#a9b59a', '#8d9a7d', '#c3ccb5'],
    }),
    product(
      'Linen Herringbone',
      'A classic twill for upholstery',
      1250,
      { pattern: 'herringbone', colors: ['#cbbd9f', '#8e7c5a'] },
      { size: '54 in width' },
    ),
    product('Terracotta Linen', 'Sun-baked earth tones', 960, {
      pattern: 'plain-weave',
      colors: ['#b8623f', '#9c4f31', '#cf8260'],
    }),
    product(
      'Pinstripe Linen',
      'Tailoring-weight, crisp hand',
      1100,
      { pattern: 'stripes', colors: ['#ece6da', '#2d3a4a'] },
      { client: 'Raymond Made to Measure' },
    ),
  ],
  Khadi: [
    product(
      'Handspun Khadi',
      'Spun and woven by hand in Wardha',
      610,
      { pattern: 'plain-weave', colors: ['#efe6d2', '#cdbb99', '#ddd0b6'] },
      { location: 'Wardha' },
    ),
    product('Khadi Silk Blend', 'A soft sheen on a rustic base', 1380, {
      pattern: 'herringbone',
      colors: ['#e2c98f', '#b89a5b'],
    }),
    product('Indigo Khadi', 'Vat-dyed, every bolt a little different', 780, {
      pattern: 'plain-weave',
      colors: ['#2b4570', '#1d3156', '#3d5a8a'],
    }),
    product(
      'Khadi Jamdani',
      'Motifs woven in, not printed',
      1950,
      { pattern: 'dots', colors: ['#f2ead8', '#6c5a3c', '#b39a64'] },
      { location: 'Phulia' },
    ),
    product('Striped Khadi', 'Everyday weight for kurtas and shirts', 640, {
      pattern: 'stripes',
      colors: ['#f1e9d6', '#7a4b2a', '#c7a26b'],
    }),
    product('Charcoal Khadi', 'Deep grey, dense weave', 690, {
      pattern: 'plain-weave',
      colors: ['#45474b', '#35373a', '#5a5c61'],
    }),
  ],
  Poplin: [
    product('White Shirting Poplin', 'Crisp 100s two-ply', 520, {
      pattern: 'plain-weave',
      colors: ['#fbfaf7', '#e9e6df', '#f2f0ea'],
    }),
    product('Sky Poplin', 'Pale blue, smooth and cool', 540, {
      pattern: 'plain-weave',
      colors: ['#cfe0ef', '#b9cfe3', '#dde9f4'],
    }),
    product('Micro Check Poplin', 'Small checks for formal shirts', 580, {
      pattern: 'checks',
      colors: ['#f7f7f4', '#3b5ba5', '#3b5ba5'],
    }),
    product('Printed Poplin Paisley', 'Digital print, colourfast', 610, {
      pattern: 'ikat',
      colors: ['#f3e7d3', '#8c2f39', '#2f5d50'],
    }),
    product('Bengal Stripe Poplin', 'Bold stripes, light weight', 560, {
      pattern: 'stripes',
      colors: ['#f6f3ec', '#1f6f8b'],
    }),
  ],
  Polyester: [
    product('Recycled Poly Drape', 'From recovered bottles, drapes like silk', 450, {
      pattern: 'plain-weave',
      colors: ['#7b6d8d', '#6a5c7c', '#8d809f'],
    }),
    product('Poly Satin Lining', 'Smooth lining for jackets and bags', 260, {
      pattern: 'plain-weave',
      colors: ['#2e2a2a', '#3d3838', '#252121'],
    }),
    product(
      'Outdoor Canvas',
      'Water-repellent, UV-stable',
      720,
      { pattern: 'stripes', colors: ['#e7e2d6', '#1f5f5b', '#e0a43a'] },
      { client: 'Taj Lake Palace' },
    ),
    product('Blackout Weave', 'Room-darkening curtain fabric', 830, {
      pattern: 'herringbone',
      colors: ['#3c4a5a', '#2c3845'],
    }),
    product('Printed Georgette', 'Flowing prints for scarves', 380, {
      pattern: 'dots',
      colors: ['#f1d6d0', '#a33b4a', '#3a6b7a'],
    }),
  ],
  'Cotton Linen': [
    product('Cotton Linen Oatmeal', 'The everyday upholstery blend', 760, {
      pattern: 'plain-weave',
      colors: ['#d8ccb4', '#c3b596', '#e3d9c6'],
    }),
    product(
      'Cotton Linen Ikat',
      'Woven ikat, softened by linen',
      1150,
      { pattern: 'ikat', colors: ['#efe5d1', '#2f4f6f', '#a94f2f'] },
      { location: 'Pochampally' },
    ),
    product('Cotton Linen Check', 'Kitchen and table linen', 690, {
      pattern: 'checks',
      colors: ['#f4efe4', '#6b8f71', '#6b8f71'],
    }),
    product('Cotton Linen Slub', 'Uneven yarns, lively surface', 720, {
      pattern: 'plain-weave',
      colors: ['#b7a58a', '#a08e70', '#cbbca3'],
    }),
    product('Cotton Linen Stripe', 'Awning stripes for cushions', 740, {
      pattern: 'stripes',
      colors: ['#f2ece0', '#9b3d2f', '#2d4a63'],
    }),
    product('Cotton Linen Dobby', 'A small woven texture', 810, {
      pattern: 'herringbone',
      colors: ['#d2c3a7', '#9d8865'],
    }),
  ],
};

export interface DemoService {
  name: string;
  category: string;
  heading: string;
  price: number;
  status: string;
  description: string;
  swatch: Swatch;
}

export const DEMO_SERVICES: DemoService[] = [
  {
    name: 'Courtyard Houses',
    category: 'Architecture',
    heading: 'Homes built around light and air',
    price: 250000,
    status: 'Taking projects',
    description:
      '<p>From the first sketch to the <strong>last tile</strong>: homes planned around a courtyard, with cross-ventilation and local stone.</p><ul><li>Site study and concept</li><li>Working drawings</li><li>Site supervision</li></ul>',
    swatch: { pattern: 'checks', colors: ['#efe7d9', '#b4825a', '#7f6a55'] },
  },
  {
    name: 'Boutique Retail Interiors',
    category: 'Architecture',
    heading: 'Shops that feel like the brand',
    price: 180000,
    status: 'Taking projects',
    description:
      '<p>Fit-outs for studios and boutiques, with fixtures made by local craftspeople.</p>',
    swatch: { pattern: 'stripes', colors: ['#f1ebe0', '#3e4a3d', '#c89b5c'] },
  },
  {
    name: 'Heritage Restoration',
    category: 'Architecture',
    heading: 'Old havelis, new life',
    price: 400000,
    status: 'Waiting list',
    description:
      '<p>Lime plaster, jaalis and courtyards restored with <em>traditional methods</em>.</p>',
    swatch: { pattern: 'ikat', colors: ['#e8d6b9', '#8a4b2b', '#40556b'] },
  },
  {
    name: 'Terrace Gardens',
    category: 'Landscape',
    heading: 'Green rooms in the sky',
    price: 90000,
    status: 'Taking projects',
    description:
      '<p>Waterproofing, planters and planting plans that survive a Rajasthan summer.</p>',
    swatch: { pattern: 'dots', colors: ['#dfe8d3', '#4f7a43', '#a7c08e'] },
  },
  {
    name: 'Courtyard Landscapes',
    category: 'Landscape',
    heading: 'Water, shade and stone',
    price: 120000,
    status: 'Taking projects',
    description: '<p>Native planting, stepwells in miniature and shaded seating.</p>',
    swatch: { pattern: 'herringbone', colors: ['#cfd8c0', '#6b7f55'] },
  },
  {
    name: 'Vastu Home Consultation',
    category: 'Vastu Consultancy',
    heading: 'Plans in balance',
    price: 15000,
    status: 'Available',
    description: '<p>A room-by-room review of your plan with practical, buildable suggestions.</p>',
    swatch: { pattern: 'ikat', colors: ['#f3e6cf', '#b5651d', '#6b3f1f'] },
  },
  {
    name: 'Vastu for Offices',
    category: 'Vastu Consultancy',
    heading: 'Workplaces that work',
    price: 35000,
    status: 'Available',
    description: '<p>Entrances, desks and meeting rooms placed for comfort and flow.</p>',
    swatch: { pattern: 'checks', colors: ['#f2ede2', '#8b5e34', '#c9a66b'] },
  },
  {
    name: 'Modular Kitchen Design',
    category: 'Modular Kitchen',
    heading: 'Kitchens made to measure',
    price: 175000,
    status: 'Taking projects',
    description:
      '<p>Layouts for Indian cooking: tall units, masala drawers and a proper chimney.</p>',
    swatch: { pattern: 'stripes', colors: ['#f5f3ee', '#2f3e46', '#84a98c'] },
  },
  {
    name: 'Kitchen Refresh',
    category: 'Modular Kitchen',
    heading: 'New shutters, same bones',
    price: 65000,
    status: 'Taking projects',
    description: '<p>Replace shutters, counters and hardware in a week.</p>',
    swatch: { pattern: 'plain-weave', colors: ['#e9e4da', '#b08968', '#ddb892'] },
  },
];

export interface DemoReview {
  client: string;
  text: string;
  daysAgo: number;
  swatches: Swatch[];
}

export const DEMO_REVIEWS: DemoReview[] = [
  {
    client: 'Meera Iyer',
    text: 'The linen drapes changed the whole room. They hang beautifully and the colour is exactly as shown.',
    daysAgo: 12,
    swatches: [
      { pattern: 'plain-weave', colors: ['#d9cbb0', '#b9a583', '#e8ddc7'] },
      { pattern: 'herringbone', colors: ['#cbbd9f', '#8e7c5a'] },
    ],
  },
  {
    client: 'Arjun Mehta',
    text: 'Ordered khadi for our shop uniforms. Quick delivery and the fabric gets softer with every wash.',
    daysAgo: 34,
    swatches: [{ pattern: 'stripes', colors: ['#f1e9d6', '#7a4b2a', '#c7a26b'] }],
  },
  {
    client: 'Farah Khan',
    text: 'They designed our terrace garden and it survived its first summer. The team listens.',
    daysAgo: 61,
    swatches: [
      { pattern: 'dots', colors: ['#dfe8d3', '#4f7a43', '#a7c08e'] },
      { pattern: 'herringbone', colors: ['#cfd8c0', '#6b7f55'] },
      { pattern: 'checks', colors: ['#efe7d9', '#b4825a', '#7f6a55'] },
    ],
  },
  {
    client: 'Rohit & Ananya',
    text: 'Our courtyard house is cool even in May. Worth every rupee of the consultation.',
    daysAgo: 95,
    swatches: [{ pattern: 'checks', colors: ['#efe7d9', '#b4825a', '#7f6a55'] }],
  },
  {
    client: 'Lakshmi Textiles',
    text: 'A reliable supplier of Dabu and Ajrakh prints for our export orders for six years now.',
    daysAgo: 140,
    swatches: [
      { pattern: 'dots', colors: ['#1f3a68', '#e8e1d3', '#9db4d6'] },
      { pattern: 'ikat', colors: ['#2a1d2f', '#b13a2c', '#1d4e73'] },
    ],
  },
];

/** A dozen gallery pictures: a mix of the studio's fabrics and spaces, alt texts in both languages. */
export const DEMO_GALLERY: { alt: string; hindiAlt?: string; swatch: Swatch }[] = [
  ...Object.entries(DEMO_PRODUCTS).map(([category, products]) => {
    const hindi = HINDI_PRODUCTS[products[0].name];
    return {
      alt: `${products[0].name}: ${category.toLowerCase()} fabric, folded`,
      hindiAlt: hindi && `${hindi.name}: ${HINDI_WORDS[category] ?? category} कपड़ा, तह किया हुआ`,
      swatch: products[0].swatch,
    };
  }),
  ...DEMO_SERVICES.slice(0, 6).map((service) => {
    const hindi = HINDI_SERVICES[service.name];
    return {
      alt: `${service.name}: ${service.heading.toLowerCase()}`,
      hindiAlt: hindi && `${hindi.name}: ${hindi.heading}`,
      swatch: service.swatch,
    };
  }),
];
