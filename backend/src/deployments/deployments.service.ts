import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  DEFAULT_ENVIRONMENT,
  REMOTE_NAMES,
  type DeploymentPointers,
  type RemoteName,
} from '@vitrine/contracts';
import mongoose, { type Model } from 'mongoose';
import { noteItemName } from '../audit/audit-note';
import { currentActor } from '../common/actor/actor';
import { Clock } from '../common/clock/clock';
import type { RemoteDeploymentResponse } from './dto/deployment.response';
import { rollbackTarget, versionsNamed, type PointerHistory } from './pointer-history';
import { RemotePointer, type PointerMove } from './schemas/remote-pointer.schema';
import { RemoteVersion } from './schemas/remote-version.schema';

/** How many moves and refusals a pointer remembers; how many versions the overview lists. */
const MOVES_KEPT = 50;
const REFUSALS_KEPT = 20;
const VERSIONS_LISTED = 10;

/**
 * Who publishes or moves a pointer: the administrator whose request is running (as the trash
 * and the revisions learn it), since those routes are theirs alone.
 */
function mover(): string {
  const actor = currentActor();
  if (!actor) throw new Error('Versions are published and pointers moved by administrators only');
  return actor.UserName;
}

/**
 * The remotes' published versions and each environment's pointer to one. A move is one
 * atomic update that also appends it to the pointer's history, and a rollback moves only if
 * the pointer still names what it read, so two administrators cannot undo each other
 * unseen. Each move is a write through the API, so the audit log records it, by whom. Each
 * rollback goes one further back through the history (pointer-history.ts).
 */
@Injectable()
export class DeploymentsService {
  constructor(
    @InjectModel(RemotePointer.name) private readonly pointers: Model<RemotePointer>,
    @InjectModel(RemoteVersion.name) private readonly versions: Model<RemoteVersion>,
    private readonly clock: Clock,
  ) {}

  async current(environment = DEFAULT_ENVIRONMENT): Promise<DeploymentPointers> {
    const found = await this.pointers.find({ environment }).lean().exec();
    const none = () =>
      Object.fromEntries(REMOTE_NAMES.map((name) => [name, null])) as Record<
        RemoteName,
        string | null
      >;
    const remotes = none();
    const serving = none();
    for (const pointer of found) {
      if (!(pointer.remote in remotes)) continue;
      remotes[pointer.remote as RemoteName] = pointer.current;
      serving[pointer.remote as RemoteName] = pointer.serving?.version ?? null;
    }
    return { environment, remotes, serving };
  }

  async overview(environment = DEFAULT_ENVIRONMENT): Promise<RemoteDeploymentResponse[]> {
    return Promise.all(
      REMOTE_NAMES.map(async (remote) => {
        const [pointer, versions] = await Promise.all([
          this.pointers.findById(`${remote}:${environment}`).lean().exec(),
          this.versions
            .find({ remote, removedAt: mongoose.trusted({ $exists: false }) })
            .sort({ publishedAt: -1 })
            .limit(VERSIONS_LISTED)
            .lean()
            .exec(),
        ]);
        return {
          remote,
          environment,
          current: pointer?.current ?? null,
          previous: rollbackTarget(pointer, await this.removedOf(remote, pointer)),
          serving: pointer?.serving ?? null,
          refused: pointer?.refused ?? [],
          moves: [...(pointer?.moves ?? [])].reverse(),
          versions: versions.map(({ version, publishedBy, publishedAt }) => ({
            version,
            publishedBy,
            publishedAt,
          })),
        };
      }),
    );
  }

  /**
   * Records a version (again is fine: a version's files never change, and one pruned from
   * the remote's disk is there again) and points `environment` at it. With `onlyIfNew`, as a
   * remote's server publishes its own build at each start, the pointer moves only if it never
   * named the version before, so a restart does not undo a rollback.
   */
  async publish(remote: RemoteName, environment: string, version: string, onlyIfNew = false) {
    await this.versions.updateOne(
      { _id: `${remote}:${version}` },
      {
        $setOnInsert: { remote, version, publishedBy: mover(), publishedAt: this.clock.now() },
        $unset: { removedAt: 1 },
      },
      { upsert: true },
    );
    if (onlyIfNew) {
      const pointer = await this.pointers.findById(`${remote}:${environment}`).lean().exec();
      if (pointer?.moves.some((move) => move.version === version)) {
        return { ...(await this.answer(remote, environment, pointer)), moved: false };
      }
    }
    return this.move(remote, environment, version, 'publish');
  }

  async promote(remote: RemoteName, environment: string, version: string) {
    const published = await this.versions
      .findById(`${remote}:${version}`, { removedAt: 1 })
      .lean()
      .exec();
    if (!published) throw new NotFoundException(`${remote} has no published version ${version}`);
    if (published.removedAt) {
      throw new ConflictException(
        `${remote} ${version} was pruned from the remote's server; publish it again to serve it`,
      );
    }
    return this.move(remote, environment, version, 'promote');
  }

  async rollback(remote: RemoteName, environment: string) {
    const pointer = await this.pointers.findById(`${remote}:${environment}`).lean().exec();
    const previous = rollbackTarget(pointer, await this.removedOf(remote, pointer));
    if (!pointer || !previous) {
      throw new ConflictException(
        `${remote} has no earlier version in ${environment} to go back to`,
      );
    }
    return this.move(remote, environment, previous, 'rollback', pointer.current);
  }

  /**
   * The remote's server asks to prune `candidates` (its versions beyond the last N): those
   * that no environment's pointer names as current, as where a rollback goes, or as what the
   * shells serve are marked removed, so no pointer moves to them again, and given back for it
   * to delete. Marked before they are deleted, so a promote meanwhile is refused, not broken.
   */
  async prune(remote: RemoteName, candidates: string[]): Promise<{ removed: string[] }> {
    const pointers = await this.pointers.find({ remote }).lean().exec();
    const named = new Set<string>();
    for (const pointer of pointers) {
      for (const version of versionsNamed(pointer, await this.removedOf(remote, pointer))) {
        named.add(version);
      }
    }
    const removed = [...new Set(candidates)].filter((version) => !named.has(version));
    noteItemName(`${remote}: ${removed.length} of ${candidates.length} version(s) pruned`);
    if (removed.length) {
      await this.versions.updateMany(
        { _id: mongoose.trusted({ $in: removed.map((version) => `${remote}:${version}`) }) },
        { $set: { removedAt: this.clock.now() } },
      );
    }
    return { removed };
  }

  /**
   * A shell's report of a version it checked: the one it serves now, or one it refused (which
   * a rollback then passes over). Only what a shell with SHELL_TOKEN says is taken.
   */
  async report(
    remote: RemoteName,
    environment: string,
    {
      version,
      outcome,
      reason,
    }: { version: string; outcome: 'served' | 'refused'; reason?: string },
  ): Promise<void> {
    const at = this.clock.now();
    const update =
      outcome === 'served'
        ? { $set: { serving: { version, at } }, $pull: { refused: { version } } }
        : {
            $push: {
              refused: { $each: [{ version, reason, at }], $position: 0, $slice: REFUSALS_KEPT },
            },
          };
    if (outcome === 'refused') {
      // One entry a version: the newest word on it.
      await this.pointers.updateOne(
        { _id: `${remote}:${environment}` },
        { $pull: { refused: { version } } },
      );
    }
    await this.pointers.updateOne({ _id: `${remote}:${environment}` }, update).exec();
  }

  /** Points `remote` in `environment` at `version`, if it still names `expected` (if given). */
  private async move(
    remote: RemoteName,
    environment: string,
    version: string,
    action: PointerMove['action'],
    expected?: string,
  ) {
    noteItemName(`${remote} (${environment}) → ${version}`);
    const move: PointerMove = { version, action, by: mover(), at: this.clock.now() };
    const pointer = await this.pointers
      .findOneAndUpdate(
        { _id: `${remote}:${environment}`, ...(expected ? { current: expected } : {}) },
        {
          $set: { remote, environment, current: version },
          $push: { moves: { $each: [move], $slice: -MOVES_KEPT } },
        },
        { upsert: !expected, returnDocument: 'after' },
      )
      .lean()
      .exec();
    if (!pointer) {
      throw new ConflictException(`${remote}'s pointer moved meanwhile; look again and retry`);
    }
    return { ...(await this.answer(remote, environment, pointer)), moved: true };
  }

  /** Where a pointer is: the version it names, and the one a rollback would go to now. */
  private async answer(remote: RemoteName, environment: string, pointer: PointerHistory) {
    const previous = rollbackTarget(pointer, await this.removedOf(remote, pointer));
    return { remote, environment, current: pointer.current, previous };
  }

  /** The versions in a pointer's history that the remote's server has pruned. */
  private async removedOf(remote: string, pointer: PointerHistory | null): Promise<Set<string>> {
    const named = [...new Set((pointer?.moves ?? []).map((move) => move.version))];
    if (!named.length) return new Set();
    const removed = await this.versions
      .find(
        {
          _id: mongoose.trusted({ $in: named.map((version) => `${remote}:${version}`) }),
          removedAt: mongoose.trusted({ $exists: true }),
        },
        { version: 1 },
      )
      .lean()
      .exec();
    return new Set(removed.map((entry) => entry.version));
  }
}
