import { BadRequestException, NotFoundException } from '@nestjs/common';
import mongoose, { type Model } from 'mongoose';
import type { ListOptions } from '../common/http/list-query';
import type { Placement } from './placement';

/** A move in one of the hand-made orders: to a position, 0 first. */
export interface Move {
  order?: number;
  featuredOrder?: number;
}

type Position = 'order' | 'featuredOrder';

/**
 * The hand-made orders of a content entity, or of the gallery: each item's place in its list
 * (within its category, for products) and among the featured ones. New items take the end of their
 * list, a move renumbers the list 0..n-1, and an item that leaves a list lets the rest
 * close up behind it.
 */
export class ContentOrder<T extends Placement> {
  constructor(
    private readonly model: Model<T>,
    private readonly options: ListOptions & { label: string },
  ) {}

  /**
   * The place a new item, or one that changes category or becomes featured, takes: the end
   * of its list (the start, for lists newest first). Positions may then be any numbers in
   * the right order; a move renumbers them 0..n-1.
   */
  async placeOf(fields: Partial<T> | Placement, before?: Partial<T>): Promise<Placement> {
    const place: Placement = {};
    const within = this.options.ordered?.within;
    const group = within
      ? ((fields as Record<string, unknown>)[within] ??
        (before as Record<string, unknown>)?.[within])
      : undefined;
    const movedGroup =
      !before || (within !== undefined && group !== (before as Record<string, unknown>)[within]);
    if (movedGroup) {
      place.order = await this.edge('order', within ? { [within]: group } : {});
    }
    if (fields.featured === true && !before?.featured) {
      place.featuredOrder = await this.edge('featuredOrder', { featured: true });
    }
    return place;
  }

  /** After an item left a category or the featured ones, the rest close up behind it. */
  async closeGaps(before: Partial<T>, after: Partial<T>): Promise<void> {
    const within = this.options.ordered?.within;
    const was = before as Record<string, unknown>;
    if (within && was[within] !== (after as Record<string, unknown>)[within]) {
      await this.renumber('order', { [within]: was[within] });
    }
    if (before.featured && !after.featured)
      await this.renumber('featuredOrder', { featured: true });
  }

  /** After an item was deleted, the rest of its lists close up behind it. */
  async closeBehind(removed: Partial<T>): Promise<void> {
    const within = this.options.ordered?.within;
    await this.renumber(
      'order',
      within ? { [within]: (removed as Record<string, unknown>)[within] } : {},
    );
    if (removed.featured) await this.renumber('featuredOrder', { featured: true });
  }

  /**
   * Moves an item in its list (its category's, for products) or among the featured ones;
   * the others shift to make room, and the list is numbered 0..n-1 again. Past the end
   * means last.
   */
  async move(id: string, move: Move): Promise<void> {
    const doc = await this.model.findById(id).lean<T>().exec();
    if (!doc) throw new NotFoundException(`${this.options.label} not found`);
    if (move.featuredOrder !== undefined && !doc.featured) {
      throw new BadRequestException({
        message: `This ${this.options.label.toLowerCase()} is not featured`,
        errors: { featuredOrder: 'Feature it first, then place it among the featured' },
      });
    }
    const within = this.options.ordered?.within;
    const record = doc as unknown as Record<string, unknown>;
    if (move.order !== undefined) {
      await this.renumber('order', within ? { [within]: record[within] } : {}, {
        id,
        position: move.order,
      });
    }
    if (move.featuredOrder !== undefined) {
      await this.renumber(
        'featuredOrder',
        { featured: true },
        { id, position: move.featuredOrder },
      );
    }
  }

  /** One past the last position in `scope` (one before the first, for newest first). */
  private async edge(field: Position, scope: Record<string, unknown>) {
    const first = field === 'order' && this.options.ordered?.newFirst;
    const edge = await this.model
      .findOne({ ...scope, [field]: mongoose.trusted({ $ne: null }) })
      .sort({ [field]: first ? 1 : -1 })
      .select({ [field]: 1 })
      .lean<Record<string, number>>()
      .exec();
    if (!edge) return 0;
    return first ? edge[field] - 1 : edge[field] + 1;
  }

  /**
   * Rewrites `field` as 0..n-1 within `scope`, in the current order, after putting
   * `move.id` at `move.position`. Only the positions that change are written. A category
   * or the featured set holds tens of items, so reading them all is fine, and it also
   * mends any gap or tie left by concurrent saves.
   */
  private async renumber(
    field: Position,
    scope: Record<string, unknown>,
    move?: { id: string; position: number },
  ): Promise<void> {
    const items = await this.model
      .find(scope)
      .sort({ [field]: 1, createdAt: this.options.ordered?.newFirst ? -1 : 1, _id: 1 })
      .select({ [field]: 1 })
      .lean<Record<string, unknown>[]>()
      .exec();
    const ids = items.map((item) => String(item._id));
    if (move) {
      const from = ids.indexOf(move.id);
      if (from >= 0) {
        ids.splice(from, 1);
        ids.splice(Math.min(move.position, ids.length), 0, move.id);
      }
    }
    const current = new Map(items.map((item) => [String(item._id), item[field]]));
    const writes = ids.flatMap((id, position) =>
      current.get(id) === position
        ? []
        : [{ updateOne: { filter: { _id: id }, update: { $set: { [field]: position } } } }],
    );
    if (writes.length > 0) {
      await this.model.bulkWrite(writes as Parameters<Model<T>['bulkWrite']>[0]);
    }
  }
}
