import { uploadToLibrary } from './support/fixtures';
import { bearer, useTestApp } from './support/test-app';

interface AuditEntry {
  action: string;
  entity: string;
  fields: string[];
}

interface Offer {
  title: string;
  text: string;
  startsAt?: string | null;
  endsAt?: string | null;
}

/**
 * The settings form sends the whole profile on every save, as the admin builds it from what
 * GET answered: offers with their dates null when none is set, the banner as its image and
 * video. The audit log must name only what the owner changed.
 */
describe('the audit log of a settings save', () => {
  let auth: Record<string, string>;
  const t = useTestApp();
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  const latestSettingsEntry = async (): Promise<AuditEntry> =>
    (await t.api.get('/api/audit?category=settings').set(auth).expect(200)).body[0];

  /** The profile as the admin's settings form sends it back (see settings-form.ts toInput). */
  async function asTheFormSendsIt(): Promise<Record<string, unknown>> {
    const {
      updatedAt: _updatedAt,
      banner,
      offers,
      ...profile
    } = (await t.api.get('/api/settings').expect(200)).body;
    return {
      ...profile,
      offers: (offers as Offer[]).map((offer) => ({
        title: offer.title,
        text: offer.text,
        startsAt: offer.startsAt ?? null,
        endsAt: offer.endsAt ?? null,
      })),
      banner: banner && { mediaId: banner.mediaId, videoUrl: banner.videoUrl },
    };
  }

  const save = (profile: Record<string, unknown>) =>
    t.api.put('/api/settings').set(auth).send(profile).expect(200);
  const revisionCount = async () =>
    (await t.api.get('/api/settings/revisions').set(auth).expect(200)).body.length as number;

  it('lists only the one field a save changed, the offers sent back with their dates null', async () => {
    // The default offers are stored without dates; the form sends them back as null.
    await save({ ...(await asTheFormSendsIt()), heroTitle: 'Spaces and fabrics' });
    expect(await latestSettingsEntry()).toMatchObject({
      action: 'update',
      entity: 'settings',
      fields: ['heroTitle'],
    });
  });

  it('names nothing for a save that changes nothing, a banner and dated offer sent back', async () => {
    const image = await uploadToLibrary(t, auth, 'Indigo block prints drying', '#1d3a6e');
    const first = await asTheFormSendsIt();
    await save({
      ...first,
      offers: [
        ...(first.offers as Offer[]),
        { title: 'Diwali', text: '', startsAt: '2026-10-20T00:00:00.000Z', endsAt: null },
      ],
      banner: { mediaId: image._id, videoUrl: '' },
    });
    expect((await latestSettingsEntry()).fields.sort()).toEqual(['banner', 'offers']);

    await save({ ...(await asTheFormSendsIt()), tagline: 'Handloom textiles and interiors' });
    expect((await latestSettingsEntry()).fields).toEqual(['tagline']);

    // Unchanged: the entry names no field, and the history keeps no version for it.
    const kept = await revisionCount();
    await save(await asTheFormSendsIt());
    expect((await latestSettingsEntry()).fields).toEqual([]);
    expect(await revisionCount()).toBe(kept);
  });
});
