import { Controller, Get, Header } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { Clock } from '../common/clock/clock';
import { Public } from '../common/decorators/public.decorator';
import { publicPathOf } from '../common/public-urls';
import type { AppConfig } from '../config/app.config';

/** The public site's fixed pages, as the public remote routes them. */
const PAGES = [
  '/',
  '/about',
  '/gallery',
  '/product',
  '/service',
  '/reviews',
  '/contact-us',
  '/privacy',
];

/** The entity for each character XML gives a meaning to, all that escapeXml() replaces. */
const XML_ENTITIES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&apos;',
  '"': '&quot;',
};

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (character) => XML_ENTITIES[character]);

/**
 * /sitemap.xml and /robots.txt for search engines, at the site's root (the shell's server
 * forwards them here). The sitemap lists every public page, product and service.
 */
@ApiTags('seo')
@Controller()
export class SeoController {
  constructor(
    private readonly config: ConfigService,
    @InjectConnection() private readonly connection: Connection,
    private readonly clock: Clock,
  ) {}

  @Public()
  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOkResponse({ description: 'XML sitemap of the public site' })
  async sitemap(): Promise<string> {
    const site = this.config.getOrThrow<AppConfig>('app').siteUrl;
    // What visitors can open now: published, and not waiting for its publish-at moment.
    const visible = { published: true, publishAt: { $not: { $gt: this.clock.now() } } };
    const published = (collection: string) =>
      this.connection
        .collection(collection)
        .find(visible, { projection: { slug: 1, updatedAt: 1 } })
        .toArray();
    const [products, services] = await Promise.all([published('products'), published('services')]);
    const entries = [
      ...PAGES.map((page) => ({ path: page, updatedAt: undefined as Date | undefined })),
      ...products.map((p) => ({
        path: publicPathOf('product', p.slug as string) as string,
        updatedAt: p.updatedAt as Date,
      })),
      ...services.map((s) => ({
        path: publicPathOf('service', s.slug as string) as string,
        updatedAt: s.updatedAt as Date,
      })),
    ];
    const urls = entries.map(
      ({ path, updatedAt }) =>
        `  <url><loc>${escapeXml(site + path)}</loc>${updatedAt ? `<lastmod>${updatedAt.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }

  @Public()
  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiOkResponse({ description: 'Crawler rules: everything but the admin area' })
  robots(): string {
    const site = this.config.getOrThrow<AppConfig>('app').siteUrl;
    return `User-agent: *\nDisallow: /admin\nDisallow: /login\nAllow: /\n\nSitemap: ${site}/sitemap.xml\n`;
  }
}
