import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import type { Connection, Model, mongo } from 'mongoose';
import { Clock } from '../common/clock/clock';
import { languageName } from '../common/i18n/site-languages';
import { TranslatedKinds, type TranslatedKind } from '../common/i18n/translated-kinds';
import { rebased } from '../common/i18n/translations';
import { SITE_SETTINGS_KEY, SiteSettings } from './schemas/site-settings.schema';

type Doc = Record<string, unknown>;

/** Where a change of the default language writes down what it will do, before doing it. */
export const LANGUAGE_CHANGES_COLLECTION = 'language_changes';
const HEAD = 'change';
/** A change whose planning stopped (its instance died) this long ago no longer blocks another. */
const STALE_PLAN_MS = 10 * 60_000;
const BATCH = 200;

interface Head {
  _id: typeof HEAD;
  from: string;
  to: string;
  languages: string[];
  state: 'planning' | 'applying';
  at: Date;
}

/** One document as the change leaves it: `document` replaces `target` in `collection`. */
interface Step {
  collection: string;
  target: unknown;
  document: Doc;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const docOf = (value: unknown): Doc =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Doc) : {};
/** An item's address once `to` is the default: its slug in `to`, or its own if it has none. */
const addressIn = (item: Doc, to: string) =>
  textOf(docOf(docOf(item.translations)[to]).slug) || textOf(item.slug);

/**
 * Makes another language the site's default (issue 36). The default language's texts are
 * each item's own fields and the others' sit in `translations`, so the change rewrites every
 * translated item (rebased), and the revisions and trash entries that hold them, into the
 * new layout; reviews and enquiries that never said their language are given the old
 * default's. It is planned in full first (every rewritten document written down in
 * `language_changes`), then applied: each step is a whole replacement, so applying twice is
 * applying once, and a change cut off after its plan was complete finishes at the next start
 * (StartupService). Until its plan is complete, nothing of the site has changed.
 */
@Injectable()
export class DefaultLanguageService {
  private readonly logger = new Logger('Languages');

  /** Applying a plan now: a write meanwhile is held, not made to apply it a second time. */
  private applying = false;

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectModel(SiteSettings.name) private readonly settings: Model<SiteSettings>,
    private readonly kinds: TranslatedKinds,
    private readonly clock: Clock,
  ) {}

  private get db(): mongo.Db {
    if (!this.connection.db) throw new Error('The database is not connected');
    return this.connection.db;
  }

  private get journal(): mongo.Collection<Doc> {
    return this.db.collection<Doc>(LANGUAGE_CHANGES_COLLECTION);
  }

  /**
   * Makes `to` the default instead of `from`, with `languages` (`to` first) the site's
   * languages once done; the caller has checked assertAddressesFree before it saved anything.
   * 409 when another change is under way, and nothing changes.
   */
  async change(from: string, to: string, languages: string[]): Promise<void> {
    const head: Head = { _id: HEAD, from, to, languages, state: 'planning', at: this.clock.now() };
    await this.claim(head);
    let steps = 0;
    try {
      for await (const batch of this.plan(from, to)) {
        await this.journal.insertMany(batch.map((step) => ({ ...step })));
        steps += batch.length;
      }
    } catch (error) {
      await this.journal.deleteMany({});
      throw error;
    }
    // The plan is complete: from here on the change is made, now or at the next start.
    const committed = await this.journal.updateOne(
      { _id: HEAD as never, state: 'planning', at: head.at },
      { $set: { state: 'applying' } },
    );
    if (committed.matchedCount !== 1) {
      // Taken for an abandoned plan meanwhile: nothing of the site has changed.
      throw new Error(
        'The plan of the change of the default language was let go before it was complete',
      );
    }
    await this.apply();
    this.logger.log(
      `${languageName(to)} is the default language instead of ${languageName(from)} (${steps} documents rewritten)`,
    );
  }

  /**
   * At start: finishes a change whose plan was complete, and forgets one whose planning
   * stopped long ago (another instance may be planning one now: that one is left alone).
   */
  async resume(): Promise<void> {
    const head = await this.head();
    if (!head) return;
    if (head.state === 'planning') {
      if (this.isStale(head)) await this.journal.deleteMany({});
      return;
    }
    this.logger.log(`Finishing the change of the default language to ${languageName(head.to)}`);
    await this.apply();
  }

  /**
   * Before an administrator's write: none while a change is under way (409). One whose
   * applying failed on its instance (the database away a moment) is finished first, as at a
   * start, and the write is a 409 all the same, since it was made from what was read before.
   */
  async assertNoneUnderWay(): Promise<void> {
    const head = await this.head();
    if (!head) return;
    let message = `The default language is being changed to ${languageName(head.to)}: try again in a moment`;
    if (head.state === 'applying' && !this.applying) {
      await this.apply();
      message = `The change of the default language to ${languageName(head.to)} was finished just now: reload and save again`;
    }
    throw new ConflictException({ message, errors: { languages: message } });
  }

  private async head(): Promise<Head | null> {
    return (await this.journal.findOne({ _id: HEAD as never })) as Head | null;
  }

  /** Takes the journal for this change; a change under way elsewhere is a 409. */
  private async claim(head: Head): Promise<void> {
    const current = await this.head();
    if (current?.state === 'planning' && this.isStale(current)) await this.journal.deleteMany({});
    try {
      await this.journal.insertOne(head as unknown as Doc);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 11000) throw error;
      const message = 'Another change of the default language is under way: try again in a minute';
      throw new ConflictException({ message, errors: { languages: message } });
    }
  }

  /** A plan begun so long ago that its instance must have ended. */
  private isStale(head: Head): boolean {
    return this.clock.now().getTime() - head.at.getTime() > STALE_PLAN_MS;
  }

  /** Every document the change rewrites, as it will be, in batches. */
  private async *plan(from: string, to: string): AsyncGenerator<Step[]> {
    const db = this.db;
    let batch: Step[] = [];
    const add = (step: Step) => {
      batch.push(step);
      return batch.length >= BATCH;
    };
    for (const kind of this.kinds.all()) {
      const addresses = await this.newAddresses(kind, to);
      const rewrite = (doc: Doc) => {
        const next = rebased(doc, kind.shape, from, to);
        if (Array.isArray(next.slugHistory)) {
          // An address another item takes now is no longer an old link to this one.
          next.slugHistory = (next.slugHistory as string[]).filter(
            (slug) => (addresses.get(slug) ?? String(doc._id)) === String(doc._id),
          );
        }
        return next;
      };
      for await (const doc of db.collection<Doc>(kind.collection).find({})) {
        if (add({ collection: kind.collection, target: doc._id, document: rewrite(doc) })) {
          yield batch;
          batch = [];
        }
      }
      const held: [string, Record<string, unknown> | undefined][] = [
        ['revisions', kind.revisions ? { entity: kind.revisions } : undefined],
        ['trash', kind.trashType ? { type: kind.trashType } : undefined],
      ];
      for (const [collection, filter] of held) {
        if (!filter) continue;
        for await (const entry of db.collection<Doc>(collection).find(filter)) {
          const document = rebased(docOf(entry.document), kind.shape, from, to);
          if (add({ collection, target: entry._id, document: { ...entry, document } })) {
            yield batch;
            batch = [];
          }
        }
      }
    }
    if (batch.length) yield batch;
  }

  /** Each address in `to` of a kind's live items, and whose it is. */
  private async newAddresses(kind: TranslatedKind, to: string): Promise<Map<string, string>> {
    const owners = new Map<string, string>();
    const items = this.db
      .collection<Doc>(kind.collection)
      .find(
        { slug: { $type: 'string' } },
        { projection: { slug: 1, [`translations.${to}.slug`]: 1 } },
      );
    for await (const item of items) owners.set(addressIn(item, to), String(item._id));
    return owners;
  }

  /** 409 naming two items that would share an address in `to`; the owner renames one first. */
  async assertAddressesFree(to: string): Promise<void> {
    for (const kind of this.kinds.all()) {
      const seen = new Map<string, Doc>();
      const nameField = kind.shape.texts[0];
      const items = this.db
        .collection<Doc>(kind.collection)
        .find(
          { slug: { $type: 'string' } },
          { projection: { slug: 1, [nameField]: 1, translations: 1 } },
        );
      for await (const item of items) {
        const slug = addressIn(item, to);
        const other = seen.get(slug);
        if (other) {
          const name = (doc: Doc) =>
            textOf(docOf(docOf(doc.translations)[to])[nameField]) || textOf(doc[nameField]);
          const message = `“${name(other)}” and “${name(item)}” would both be at /${slug} in ${languageName(to)}: give one of these ${kind.label}s another ${languageName(to)} slug, then make ${languageName(to)} the default`;
          throw new ConflictException({ message, errors: { languages: message } });
        }
        seen.set(slug, item);
      }
    }
  }

  /** Applies the plan written down; again if need be, as each step replaces a whole document. */
  private async apply(): Promise<void> {
    this.applying = true;
    try {
      await this.applyPlan();
    } finally {
      this.applying = false;
    }
  }

  private async applyPlan(): Promise<void> {
    const head = await this.head();
    if (!head) return;
    const db = this.db;
    for await (const step of this.journal.find({ collection: { $exists: true } })) {
      const { collection, target, document } = step as unknown as Step;
      await db.collection(collection).replaceOne({ _id: target as never }, document);
    }
    await this.finish(head);
  }

  /** Once every document is rewritten: the rest, the new languages, and the plan let go. */
  private async finish(head: Head): Promise<void> {
    const db = this.db;
    // Written before their language was kept: in the only language there was, the default.
    await db
      .collection('reviews')
      .updateMany({ language: { $exists: false } }, { $set: { language: head.from } });
    await db
      .collection('enquiries')
      .updateMany({ locale: { $exists: false } }, { $set: { locale: head.from } });
    // Through the model, so that the content version moves on: every cached page goes.
    await this.settings
      .updateOne({ key: SITE_SETTINGS_KEY }, { $set: { languages: head.languages } })
      .exec();
    await this.journal.deleteMany({});
  }
}
