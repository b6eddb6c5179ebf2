/** The six textile categories the public site was designed around (SPEC §1). */
export const TEXTILE_CATEGORIES = [
  'Cotton',
  'Linen',
  'Khadi',
  'Poplin',
  'Polyester',
  'Cotton Linen',
] as const;

/** The design business's project categories from the admin form (SPEC §3). */
export const DESIGN_PROJECT_CATEGORIES = [
  'Interior Design',
  'Alivation',
  'Courtyards Design',
] as const;

/** What the admin form offers before any product exists; categories in use are added to it. */
export const DEFAULT_PRODUCT_CATEGORIES: readonly string[] = [
  ...TEXTILE_CATEGORIES,
  ...DESIGN_PROJECT_CATEGORIES,
];

export const DEFAULT_SERVICE_CATEGORIES: readonly string[] = [
  'Architecture',
  'Landscape',
  'Vastu Consultancy',
  'Modular Kitchen',
];
