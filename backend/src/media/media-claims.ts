import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

export const MEDIA_CLAIMS_COLLECTION = 'media_claims';
/** A claim lasts this long unless renewed: an instance that dies lets go of its claims. */
export const CLAIM_MS = 5 * 60_000;
const RENEW_EVERY_MS = 60_000;

interface MediaClaim {
  _id: string;
  until: Date;
}

/**
 * Claims on images a save is storing: written before the first file, renewed while the
 * save goes on, removed when it ends either way. Between the files and the record that
 * shows them, an image belongs to no document; its claim tells the orphan sweep that a
 * save may still want it, on whichever instance.
 */
@Injectable()
export class MediaClaims {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  /** Runs `work` with the images `ids` claimed. */
  async hold<T>(ids: readonly string[], work: () => Promise<T>): Promise<T> {
    if (ids.length === 0) return work();
    const until = () => new Date(Date.now() + CLAIM_MS);
    await this.claims().insertMany(ids.map((_id) => ({ _id, until: until() })));
    const renewal = setInterval(() => {
      void this.claims()
        .updateMany({ _id: { $in: [...ids] } }, { $set: { until: until() } })
        .catch(() => undefined);
    }, RENEW_EVERY_MS);
    renewal.unref();
    try {
      return await work();
    } finally {
      clearInterval(renewal);
      // Should this fail, the claims simply run out.
      await this.claims()
        .deleteMany({ _id: { $in: [...ids] } })
        .catch(() => undefined);
    }
  }

  /** Which of `ids` a save, alive at `now`, still claims. */
  async claimed(ids: readonly string[], now = new Date()): Promise<Set<string>> {
    const live = await this.claims()
      .find({ _id: { $in: [...ids] }, until: { $gt: now } })
      .project<{ _id: string }>({ _id: 1 })
      .toArray();
    return new Set(live.map((claim) => claim._id));
  }

  /** Removes the claims of saves that died. */
  async forgetExpired(now = new Date()): Promise<void> {
    await this.claims().deleteMany({ until: { $lte: now } });
  }

  private claims() {
    if (!this.connection.db) throw new Error('The database is not connected');
    return this.connection.db.collection<MediaClaim>(MEDIA_CLAIMS_COLLECTION);
  }
}
