import { Controller, Get, Header } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { Clock } from '../common/clock/clock';
import { Public } from '../common/decorators/public.decorator';
import { publicPathOf } from '../common/public-urls';
import { SiteLanguages } from '../common/i18n/site-languages';
import { localizedPath } from '@vitrine/contracts';
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
    private readonly siteLanguages: SiteLanguages,
  ) {}

  @Public()
  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOkResponse({
    description:
      "XML sitemap of the public site: every page in every site language (another language's under its prefix, with its own slugs), each with `xhtml:link` alternates for every language and `x-default`",
  })
  async sitemap(): Promise<string> {
    const site = this.config.getOrThrow<AppConfig>('app').siteUrl;
    const languages = await this.siteLanguages.languages();
    const [defaultLocale] = languages;
    // What visitors can open now: published, and not waiting for its publish-at moment.
    const visible = { published: true, publishAt: { $not: { $gt: this.clock.now() } } };
    const published = (collection: string) =>
      this.connection
        .collection(collection)
        .find(visible, { projection: { slug: 1, updatedAt: 1, translations: 1 } })
        .toArray();
    const [products, services] = await Promise.all([published('products'), published('services')]);
    /** A page's path in each language: the default's unprefixed, another's under `/{code}`. */
    const everyLanguage = (path: (locale: string) => string) =>
      Object.fromEntries(
        languages.map((locale) => [locale, localizedPath(path(locale), locale, defaultLocale)]),
      );
    const slugIn = (item: Record<string, unknown>, locale: string): string => {
      const own = (item.translations as Record<string, { slug?: unknown }> | undefined)?.[locale]
        ?.slug;
      return typeof own === 'string' && own ? own : String(item.slug);
    };
    const entries = [
      ...PAGES.map((page) => ({
        paths: everyLanguage(() => page),
        updatedAt: undefined as Date | undefined,
      })),
      ...(
        [
          ['product', products],
          ['service', services],
        ] as const
      ).flatMap(([kind, items]) =>
        items.map((item) => ({
          paths: everyLanguage((locale) => publicPathOf(kind, slugIn(item, locale)) as string),
          updatedAt: item.updatedAt as Date,
        })),
      ),
    ];
    const many = languages.length > 1;
    const urls = entries.flatMap(({ paths, updatedAt }) => {
      const lastmod = updatedAt ? `<lastmod>${updatedAt.toISOString().slice(0, 10)}</lastmod>` : '';
      // Each language's URL names all of them, itself included, and the default as x-default.
      const alternates = many
        ? [
            ...languages.map((locale) => [locale, paths[locale]]),
            ['x-default', paths[defaultLocale]],
          ]
            .map(
              ([hreflang, path]) =>
                `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(site + path)}"/>`,
            )
            .join('')
        : '';
      return languages.map(
        (locale) =>
          `  <url><loc>${escapeXml(site + paths[locale])}</loc>${lastmod}${alternates}</url>`,
      );
    });
    const namespaces = `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${many ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : ''}`;
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${namespaces}>\n${urls.join('\n')}\n</urlset>\n`;
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
