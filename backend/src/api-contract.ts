/**
 * The API's contract with the programs that call it: its version, its changelog and what the
 * OpenAPI document tells its consumers. The version is the contract's semver, not the
 * package's: `npm run api:contract` (run by `npm test`) fails when the document changes without
 * a new version here, and when a change breaks a consumer without a new major version.
 */

export interface ApiChangelogEntry {
  version: string;
  /** The day the version was released (YYYY-MM-DD), or 'unreleased'. */
  date: string;
  /** What changed for a consumer, one sentence each; say what to do about a deprecation. */
  changes: string[];
}

/** The contract's version: major for a breaking change, minor for an addition, patch else. */
export const API_VERSION = '1.3.0';

/** Newest first, one entry per version; the first one is API_VERSION's. */
export const API_CHANGELOG: readonly ApiChangelogEntry[] = [
  {
    version: '1.3.0',
    date: 'unreleased',
    changes: [
      "The site's languages: `GET /api/settings` answers `languages` (codes, the default first; " +
        "`['en']` for a site that never chose) and `PUT /api/settings` takes them (codes of the " +
        'languages the site may have, each once, at least one; left out, kept). A list with ' +
        'another first makes that language the default: every item takes its texts in it as ' +
        "its own (keeping its own where it has none), the former default's become a " +
        'translation, and old addresses keep leading to their items; a 409 when two items would ' +
        'share an address in the new default, or another change is under way.',
      'Translated content: products, services, their photos (`photos[].translations`), gallery ' +
        'images, media library images and the settings keep `translations: { code: { field: ' +
        "text } }` for the site's other languages, under the fields' own names. Create and update " +
        'bodies take them (JSON, or JSON text in multipart forms; the same limits as the fields, ' +
        'descriptions sanitised); a save replaces the languages it names and keeps the others. ' +
        'Products and services take a `slug` per language, unique in it, whose earlier ones ' +
        'answer 301.',
      'Public reads take `?locale=<code>` (lists, one by id, by slug, categories, services, ' +
        'gallery, reviews, settings): each text in that language, falling back per field to the ' +
        "default language's, with `locale`, `fallbackFields` and, on products and services, " +
        "`slugs` (every language's slug); a language the site does not have is a 400. Without " +
        '`?locale=` the answers are as before, and never show `translations`.',
      "Administrators' reads add `translations` and `translationStatus` (per non-default " +
        'language, the texts still untranslated); product, service and gallery lists take ' +
        '`?missing=<code>`.',
      'Reviews take and answer `language` (the language the client wrote in, the default ' +
        "language's if left out); enquiries and call-backs take `locale` (the language of the " +
        "page, one of the site's), answered in the inbox and written in a new last CSV column, " +
        "Language. The sitemap lists every language's URL with `xhtml:link` hreflang " +
        'alternates and `x-default`.',
      'Insights reads take `?days=N` (1–731) for the last N days up to `to` (today in ' +
        'TIME_ZONE by default), instead of `from`; `GET /api/insights/summary` also answers ' +
        '`timeZone` and the period before day by day (`previous.days`).',
      '`GET /api/insights/products` gives each product its unique `visitors` and, when a ' +
        'product has that slug now, its `name` and `id` (else null); ' +
        "`GET /api/insights/products/{slug}` gives one product's views, visitors, enquiries " +
        'and conversion, in all and per day.',
      '`GET /api/insights/policy` (public) answers `{ retentionMonths }`, how long the visit ' +
        'statistics are kept, for the privacy note.',
    ],
  },
  {
    version: '1.2.0',
    date: '2026-12-02',
    changes: [
      'Share links for clients (`/api/previews/share`): an administrator makes one for a saved ' +
        'product or service (`expiresInDays`, 7 by default, or `expiresAt`), lists and revokes ' +
        'them; `GET /api/previews/share/{token}` answers the item as saved now to anyone, ' +
        'uncached and noindex, or 410 once the link has expired or was revoked.',
      '`POST /api/media/library` takes an image without `alt` (stored with an empty alt text, ' +
        'to be written later); products, services and reviews still refuse a photo without one.',
      '`GET /api/media/{id}/usage` lists each field of each item that places a library ' +
        'image (`kind`, `id`, `title`, `field`, `placedAlt`); `DELETE /api/media/{id}?detach=true` ' +
        'takes an image in use out of those places first (each a normal edit, in its history), ' +
        'and `PATCH /api/media/{id}` with `updatePlaced: true` gives the placed copies the new alt text.',
      'Visit insights (`/api/insights`): `POST /events` (public beacons, JSON or text/plain, ' +
        'always 202) and `POST /views` (the shells, `Authorization: Shell <SHELL_TOKEN>`) ' +
        'count views and actions without storing addresses or user agents; administrators ' +
        'read `GET /summary`, `/pages`, `/products`, `/referrers`, `/actions`, `/devices` and ' +
        '`/export.csv` (`?from=&to=` days in TIME_ZONE) and delete them with `DELETE /api/insights`.',
    ],
  },
  {
    version: '1.1.0',
    date: '2026-12-02',
    changes: [
      'Every POST, PUT and PATCH (but sign-in and the session routes) takes an optional ' +
        '`Idempotency-Key` header: a retry with the same key gets the first answer back, ' +
        'marked `Idempotent-Replayed: true`, instead of acting twice (422 for the key with ' +
        'another request, 409 while the first still runs).',
    ],
  },
  {
    version: '1.0.0',
    date: '2026-12-02',
    changes: [
      'First versioned contract: the routes, fields and status codes of the API as it stood, ' +
        'with this changelog in the document and a check that refuses a breaking change ' +
        'without a new major version.',
      'API tokens for programs (`/api/tokens`, `Authorization: Bearer vit_…`): read-only, ' +
        'full or per-entity rights, expiry, allowed addresses and a rate limit of their own; ' +
        'every operation names the right it needs in `x-required-right`.',
      'Signed webhooks (`/api/webhooks`) for content, settings, enquiry and backup events, ' +
        'with `Vitrine-Signature` (HMAC-SHA256 of the timestamp and body), retries with ' +
        'backoff for a day, a delivery log, replay and a test event.',
      'Content lists take `?published=true|false`, for callers who see drafts: only what ' +
        'visitors see, or only what they do not.',
    ],
  },
];

/** One Markdown section per version, its heading at `level`. */
function changelogSections(level: number): string {
  return API_CHANGELOG.map(
    (entry) =>
      `${'#'.repeat(level)} ${entry.version} (${entry.date})\n\n` +
      `${entry.changes.map((change) => `- ${change}`).join('\n')}\n`,
  ).join('\n');
}

/** The changelog as Markdown (backend/openapi/CHANGELOG.md). */
export function changelogMarkdown(): string {
  return (
    '# Vitrine API changelog\n\n' +
    'The versions of the API contract (`info.version` of the OpenAPI document at ' +
    '`/api/docs-json`), newest first. Written by `npm run api:generate` from ' +
    '`API_CHANGELOG` in `backend/src/api-contract.ts`: edit it there.\n\n' +
    changelogSections(2)
  );
}

const FOR_CONSUMERS = `## For API consumers

A program calls the API with a token of its own: an administrator signs in once, creates an API token for it, and the program sends that token as \`Authorization: Bearer vit_…\`.

\`\`\`sh
API=https://studio.example/api

# 1. Sign in as an administrator: { "token": "<session token>" }
SESSION=$(curl -s -X POST "$API/user/login" -H 'Content-Type: application/json' \\
  -d '{ "UserName": "admin", "Password": "…" }' | jq -r .token)

# 2. Create an API token for the program: { "id": "…", "token": "vit_…" } (shown once: keep it)
TOKEN=$(curl -s -X POST "$API/tokens" -H "Authorization: Bearer $SESSION" \\
  -H 'Content-Type: application/json' \\
  -d '{ "name": "Catalogue sync", "rights": "read-only", "expiresInDays": 30 }' | jq -r .token)

# 3. Read the published products with it (a token with the read right sees drafts too,
#    unless it asks for ?published=true)
curl -s "$API/product?published=true" -H "Authorization: Bearer $TOKEN"

# 4. Register a webhook: { "id": "…", "secret": "whsec_…" } (shown once: keep it)
curl -s -X POST "$API/webhooks" -H "Authorization: Bearer $SESSION" \\
  -H 'Content-Type: application/json' \\
  -d '{ "url": "https://sync.example/hooks/vitrine", "events": ["product.published"], "description": "Catalogue sync" }'
\`\`\`

Each delivery is a POST of JSON signed as Stripe signs its webhooks: it carries \`Vitrine-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">\`, keyed with the webhook's \`whsec_…\` secret. Compute the HMAC over the raw bytes of the body (before parsing it), compare it in constant time, and refuse a delivery whose \`t\` is more than 5 minutes from your clock, so that a recorded one cannot be replayed. With Node and nothing else:

\`\`\`js
const crypto = require('node:crypto');

/** Whether a delivery is Vitrine's: its raw body, its Vitrine-Signature header, your secret. */
function verifyVitrineSignature(secret, rawBody, header, toleranceSeconds = 300) {
  const fields = String(header ?? '')
    .split(',')
    .map((part) => part.trim().split('='));
  const t = Number(fields.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = crypto.createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  return fields.some(([key, value]) => {
    const given = Buffer.from(key === 'v1' ? (value ?? '') : '', 'hex');
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}
\`\`\`

## Versions

\`info.version\` is the semver of this contract (not of the software):

- **major**: a breaking change. A consumer written for the previous version may fail: a route, method, parameter, response field, success status or enum value removed; a response field made optional or nullable or given another type, or a value added to a response enum (a typed client cannot name it); a request field or parameter added as required, or its type or values narrowed; an open route made to need a token.
- **minor**: an addition that existing consumers can ignore: a route, an optional request field or parameter, a response field. Read responses tolerantly: ignore fields you do not know.
- **patch**: descriptions and examples.

What will be removed is first marked deprecated in the changelog below, at least one minor version before the major version that removes it. The changelog is also kept as \`backend/openapi/CHANGELOG.md\` in the repository.`;

/** `info.description`: what the API is, how to call it, its versioning and its changelog. */
export function apiDescription(): string {
  return [
    "Content and enquiries for the Vitrine site and its admin area. Writes and admin reads need `Authorization: Bearer <token>`: a session token from `POST /api/user/login`, or an API token (`vit_…`) with the operation's right (`x-required-right`).",
    FOR_CONSUMERS,
    `## Changelog\n\n${changelogSections(3)}`,
  ].join('\n\n');
}
