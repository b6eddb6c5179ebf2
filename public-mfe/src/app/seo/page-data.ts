import type {
  GalleryImage,
  Media,
  Product,
  ProductCategory,
  Review,
  Service,
} from '@vitrine/api-client';

/**
 * What a page knows about itself when it is drawn: which page it is and the data it shows.
 * Each page passes this (through `usePageMeta`), so the head comes from the same data the
 * body does, in the browser and on the server alike. Absent data (still loading) is fine.
 */
export type PageData =
  | { page: 'home'; categories?: readonly ProductCategory[] }
  | { page: 'about'; featured?: readonly Product[] }
  | { page: 'gallery'; images?: readonly GalleryImage[] }
  | {
      page: 'products';
      category?: string;
      cover?: Media | null;
      products?: readonly Product[];
    }
  | { page: 'product'; product?: Product }
  | { page: 'services'; category?: string; services?: readonly Service[] }
  | { page: 'service'; service?: Service }
  | { page: 'contact'; cover?: Media | null }
  | { page: 'reviews'; reviews?: readonly Review[] }
  | { page: 'login' }
  /** The privacy note, in the page's language. */
  | { page: 'privacy'; title: string; description: string }
  | { page: 'not-found'; title?: string }
  /** A draft shown to its editor: never indexed, no address of its own. */
  | { page: 'preview'; title: string };
