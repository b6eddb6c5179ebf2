import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { AppConfig } from '../config/app.config';
import { GalleryService } from '../gallery/gallery.service';
import { ProductsService } from '../products/products.service';
import { ReviewsService } from '../reviews/reviews.service';
import { ServicesService } from '../services/services.service';
import { SettingsService } from '../settings/settings.service';
import { slugify } from '../common/slug/slug';
import { DEMO_LANGUAGES } from '@vitrine/contracts';
import {
  DEMO_GALLERY,
  DEMO_PRODUCTS,
  DEMO_REVIEWS,
  DEMO_SERVICES,
  type DemoProduct,
  type DemoService,
} from './demo-content';
import {
  HINDI_PRODUCTS,
  HINDI_SERVICES,
  HINDI_SETTINGS,
  HINDI_WORDS,
  hindiProductDescription,
  UNTRANSLATED_DESCRIPTION,
} from './demo-content.hi';
import { renderSwatch } from './patterns';

export interface SeedReport {
  products: number;
  services: number;
  reviews: number;
  gallery: number;
}

const DAY = 24 * 3600 * 1000;
const FEATURED_DEMO_PRODUCTS = 4;

/**
 * Demo content for a fresh install: loaded at start when the database has no content (and
 * SEED_DEMO is not false; see StartupService), or on demand with `npm run seed`. Adding is
 * idempotent: items that exist (by slug, client name, or any gallery image at all) are
 * left alone.
 */
@Injectable()
export class SeedService {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly config: ConfigService,
    private readonly products: ProductsService,
    private readonly services: ServicesService,
    private readonly reviews: ReviewsService,
    private readonly gallery: GalleryService,
    private readonly settings: SettingsService,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  /**
   * Loads the demo content into a new database (SEED_DEMO), on one instance at a time
   * (StartupService). `resume`: an earlier start began loading it and did not finish.
   * Gives whether it loaded anything.
   */
  async seedNewDatabase(resume: boolean): Promise<boolean> {
    if (!this.config.getOrThrow<AppConfig>('app').seedDemo) return false;
    if (!resume && !(await this.isEmpty())) return false;
    const started = Date.now();
    const report = await this.seed();
    this.logger.log(
      `Loaded demo content in ${((Date.now() - started) / 1000).toFixed(1)} s: ${report.products} products, ${report.services} services, ${report.reviews} reviews, ${report.gallery} gallery images`,
    );
    return true;
  }

  async isEmpty(): Promise<boolean> {
    const counts = await Promise.all(
      ['products', 'services', 'reviews', 'gallery'].map((name) =>
        this.connection.collection(name).estimatedDocumentCount(),
      ),
    );
    return counts.every((count) => count === 0);
  }

  async seed(): Promise<SeedReport> {
    const report: SeedReport = { products: 0, services: 0, reviews: 0, gallery: 0 };
    await this.settings.get(); // writes the default profile when there is none
    await this.addLanguages();

    // A few at a time: rendering and writing the image files dominates, and overlaps well.
    const products = Object.entries(DEMO_PRODUCTS).flatMap(([category, items]) =>
      items.map((item) => ({ category, item })),
    );
    // The first four featured, as the About page showed the first four before featuring.
    const featured = new Set(products.slice(0, FEATURED_DEMO_PRODUCTS).map(({ item }) => item));
    report.products = await this.inBatches(products, async ({ category, item }) => {
      if (await this.exists('products', slugify(item.name))) return false;
      await this.products.create(
        {
          ProductName: item.name,
          ProductCategory: category,
          ProductPrice: item.price,
          ProductHeading: item.heading,
          ProductDescription: `<p>${item.heading}.</p><ul><li>Width: ${item.size}</li><li>Made in ${item.location}</li></ul>`,
          ProductStatus: item.status,
          ProductClient: item.client,
          ProductLocation: item.location,
          ProductSize: item.size,
          featured: featured.has(item),
          translations: hindiProduct(item, category),
        },
        { buffer: await renderSwatch(item.swatch) },
      );
      return true;
    });

    report.services = await this.inBatches(DEMO_SERVICES, async (item) => {
      if (await this.exists('services', slugify(item.name))) return false;
      await this.services.create(
        {
          ServiceName: item.name,
          ServiceCategory: item.category,
          ServicePrice: item.price,
          ServiceHeading: item.heading,
          ServiceDescription: item.description,
          ServiceStatus: item.status,
          translations: hindiService(item),
        },
        { buffer: await renderSwatch(item.swatch) },
      );
      return true;
    });

    for (const item of DEMO_REVIEWS) {
      if (await this.connection.collection('reviews').findOne({ ClientName: item.client }))
        continue;
      const files = await Promise.all(
        item.swatches.map(async (swatch) => ({ buffer: await renderSwatch(swatch) })),
      );
      const review = await this.reviews.create(
        { ClientName: item.client, ClientReview: item.text },
        files,
      );
      // Reviews read better with the dates they would really have.
      await this.connection
        .collection('reviews')
        .updateOne(
          { _id: review._id },
          { $set: { createdAt: new Date(Date.now() - item.daysAgo * DAY) } },
        );
      report.reviews++;
    }

    if ((await this.connection.collection('gallery').estimatedDocumentCount()) === 0) {
      const files = await Promise.all(
        DEMO_GALLERY.map(async ({ swatch }) => ({ buffer: await renderSwatch(swatch) })),
      );
      const created = await this.gallery.create(
        files,
        DEMO_GALLERY.map(({ alt }) => alt),
      );
      for (const [index, image] of created.entries()) {
        const alt = DEMO_GALLERY[index].hindiAlt;
        if (alt) await this.gallery.update(String(image._id), { translations: { hi: { alt } } });
      }
      report.gallery = created.length;
    }
    return report;
  }

  /**
   * The demo's languages, English and Hindi, with the profile's texts in Hindi: on a site
   * that has no translations yet (a new one), so that seeding again changes nothing.
   */
  private async addLanguages(): Promise<void> {
    await this.connection
      .collection('settings')
      .updateOne(
        { key: 'site', translations: { $exists: false } },
        { $set: { languages: [...DEMO_LANGUAGES], translations: { hi: HINDI_SETTINGS } } },
      );
  }

  /** Runs `task` over `items`, four at a time; counts the tasks that added something. */
  private async inBatches<T>(items: T[], task: (item: T) => Promise<boolean>): Promise<number> {
    let added = 0;
    for (let start = 0; start < items.length; start += 4) {
      const results = await Promise.all(items.slice(start, start + 4).map(task));
      added += results.filter(Boolean).length;
    }
    return added;
  }

  private async exists(collection: string, slug: string): Promise<boolean> {
    return (
      (await this.connection.collection(collection).countDocuments({ slug }, { limit: 1 })) > 0
    );
  }
}

/** A demo project's Hindi texts, one project left without a description (see demo-content.hi). */
function hindiProduct(item: DemoProduct, category: string) {
  const hindi = HINDI_PRODUCTS[item.name];
  if (!hindi) return undefined;
  const word = (english: string) => HINDI_WORDS[english] ?? english;
  return {
    hi: {
      ProductName: hindi.name,
      ProductHeading: hindi.heading,
      ...(item.name === UNTRANSLATED_DESCRIPTION
        ? {}
        : {
            ProductDescription: hindiProductDescription(
              hindi.heading,
              word(item.size),
              word(item.location),
            ),
          }),
      ProductStatus: word(item.status),
      ProductCategory: word(category),
      ProductClient: word(item.client),
      ProductLocation: word(item.location),
      ProductSize: word(item.size),
      slug: hindi.slug,
    },
  };
}

function hindiService(item: DemoService) {
  const hindi = HINDI_SERVICES[item.name];
  if (!hindi) return undefined;
  return {
    hi: {
      ServiceName: hindi.name,
      ServiceHeading: hindi.heading,
      ServiceDescription: hindi.description,
      ServiceStatus: HINDI_WORDS[item.status] ?? item.status,
      ServiceCategory: HINDI_WORDS[item.category] ?? item.category,
      slug: hindi.slug,
    },
  };
}
