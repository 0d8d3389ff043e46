import {
  type PageData,
  SIGNATURE_IMAGE_MAX_BYTES,
  type SignatureCard,
  type SystemSignatureInfo,
  type SystemSignatureInput,
  type SystemSignatureQuery,
  type SystemSignatureRow,
} from '@platform/shared';
import type { CrudService } from '../../core/crud-routes.ts';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import { imageKind, type StoredImages } from '../../core/stored-images.ts';
import type { Db } from '../../db/database.ts';
import { SignatureRepository, type SignatureValues } from './signature.repository.ts';

/** Where a stored signature image is served (public, like avatars: <img> sends no token; names are 128 random bits). */
export const signatureImageUrl = (name: string) => `/api/file/Image/signature/${name}`;
const storedUrl = /^\/api\/file\/Image\/signature\/([0-9a-f]{32}\.(?:png|jpg))$/;
const dataUrl = /^data:image\/(?:png|jpeg|jpg);base64,([A-Za-z0-9+/]+={0,2})$/;
const maxSizeText = `${SIGNATURE_IMAGE_MAX_BYTES / 1024 / 1024}MB`;

type Stored = NonNullable<Awaited<ReturnType<SignatureRepository['findById']>>>;
type Grant = Awaited<ReturnType<SignatureRepository['grants']>>[number];

const card = (r: Stored): SignatureCard => ({
  id: r.id,
  fullName: r.fullName ?? '',
  enCode: r.enCode ?? '',
  icon: r.image,
});

/**
 * The image a form sent, as bytes to store: a PNG or JPEG data URL, told by its bytes (not by the
 * type it claims) and no larger than the limit. A URL is not an image to store: the caller decides
 * whether it may be kept.
 */
function decodeImage(icon: string): { bytes: Buffer; kind: 'png' | 'jpg' } | null {
  if (storedUrl.test(icon)) return null;
  const base64 = dataUrl.exec(icon)?.[1];
  if (!base64) throw new BusinessError('signature.imageOnly');
  if (Math.floor((base64.length * 3) / 4) - 2 > SIGNATURE_IMAGE_MAX_BYTES)
    throw new BusinessError('signature.imageTooLarge', { max: maxSizeText });
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > SIGNATURE_IMAGE_MAX_BYTES)
    throw new BusinessError('signature.imageTooLarge', { max: maxSizeText });
  const kind = imageKind(bytes.subarray(0, 16));
  if (kind !== 'png' && kind !== 'jpg') throw new BusinessError('signature.imageOnly');
  return { bytes, kind };
}

const unique = (ids: string[]) => [...new Set(ids)];

/**
 * 签名管理: the signatures the administrators keep and grant to users (admin.md 3.9,
 * protocol-admin.md section 10). Images are stored as files under generated names; a row keeps
 * the URL they are served from, which is what a signature field keeps when one is picked.
 */
export class SignatureService
  implements
    CrudService<
      SystemSignatureQuery,
      SystemSignatureRow,
      SystemSignatureInput,
      SystemSignatureInput,
      SystemSignatureInfo
    >
{
  constructor(
    private readonly db: Db,
    private readonly images: StoredImages,
  ) {}

  async page(query: SystemSignatureQuery): Promise<PageData<SystemSignatureRow>> {
    const params = pageParams(query);
    const repo = new SignatureRepository(this.db);
    const { list, total } = await repo.page(params, query.userId);
    const rows = (await this.withGrants(repo, list)).map((row) => ({ ...row, userIds: row.userNames.join(',') }));
    return page(rows, total, params);
  }

  async info(id: string): Promise<SystemSignatureInfo> {
    const repo = new SignatureRepository(this.db);
    const row = await repo.findById(id);
    if (!row) throw new NotFoundError();
    const [wire] = await this.withGrants(repo, [row]);
    if (!wire) throw new NotFoundError();
    return wire;
  }

  /** The signatures the caller may sign with: those granted to them. */
  async selector(session: Session): Promise<SignatureCard[]> {
    const rows = await new SignatureRepository(this.db).grantedTo(session.userId);
    return rows.map(card);
  }

  /** Signatures by id, in the order asked (unknown ids are left out): a form shows the ones it keeps. */
  async listByIds(ids: string[] | string): Promise<SignatureCard[]> {
    const wanted = unique(Array.isArray(ids) ? ids : ids.split(',').filter(Boolean));
    const rows = await new SignatureRepository(this.db).byIds(wanted);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return wanted.flatMap((id) => {
      const row = byId.get(id);
      return row ? [card(row)] : [];
    });
  }

  async create(input: SystemSignatureInput, session: Session): Promise<string> {
    const image = decodeImage(input.icon);
    // A new signature has no image of its own yet to keep.
    if (!image) throw new BusinessError('signature.imageOnly');
    const userIds = unique(input.userIds);
    let storedName: string | null = null;
    try {
      return await this.db.transaction().execute(async (trx) => {
        const repo = new SignatureRepository(trx);
        if (await repo.codeTaken(input.enCode, null)) throw new BusinessError('signature.codeTaken');
        await this.checkUsers(repo, userIds);
        storedName = await this.images.save(image.bytes, image.kind);
        const id = newId();
        await repo.insert(id, valuesOf(input, signatureImageUrl(storedName)), session.userId);
        await repo.setGrants(id, userIds);
        return id;
      });
    } catch (error) {
      if (storedName) await this.images.remove(storedName);
      throw error;
    }
  }

  async update(id: string, input: SystemSignatureInput, session: Session) {
    const image = decodeImage(input.icon);
    const userIds = unique(input.userIds);
    let storedName: string | null = null;
    let replaced: string | null = null;
    try {
      await this.db.transaction().execute(async (trx) => {
        const repo = new SignatureRepository(trx);
        const before = await repo.findById(id);
        if (!before) throw new NotFoundError();
        // A URL keeps the image only when it is this signature's own.
        if (!image && input.icon !== before.image) throw new BusinessError('signature.imageOnly');
        if (await repo.codeTaken(input.enCode, id)) throw new BusinessError('signature.codeTaken');
        await this.checkUsers(repo, userIds);
        let url = before.image;
        if (image) {
          storedName = await this.images.save(image.bytes, image.kind);
          url = signatureImageUrl(storedName);
          replaced = before.image;
        }
        await repo.update(id, valuesOf(input, url), session.userId);
        await repo.setGrants(id, userIds);
      });
    } catch (error) {
      if (storedName) await this.images.remove(storedName);
      throw error;
    }
    if (replaced) await this.removeImage(replaced);
  }

  async delete(id: string) {
    const image = await this.db.transaction().execute(async (trx) => {
      const repo = new SignatureRepository(trx);
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError();
      await repo.delete(id);
      return row.image;
    });
    await this.removeImage(image);
  }

  /** After the change is committed: a file left behind is only disk space, never a reason to fail the call. */
  private async removeImage(url: string) {
    const name = storedUrl.exec(url)?.[1];
    if (name) await this.images.remove(name).catch(() => undefined);
  }

  private async checkUsers(repo: SignatureRepository, userIds: string[]) {
    const found = new Set(await repo.existingUsers(userIds));
    const missing = userIds.filter((id) => !found.has(id));
    if (missing.length) throw new BusinessError('signature.unknownUsers', { ids: missing.join(',') });
  }

  private async withGrants(repo: SignatureRepository, rows: Stored[]): Promise<SystemSignatureInfo[]> {
    const grants = await repo.grants(rows.map((r) => r.id));
    const bySignature = new Map<string, Grant[]>();
    for (const grant of grants)
      bySignature.set(grant.signatureId, [...(bySignature.get(grant.signatureId) ?? []), grant]);
    return rows.map((r) => {
      const granted = bySignature.get(r.id) ?? [];
      return {
        ...card(r),
        userIds: granted.map((g) => g.userId),
        userNames: granted.map((g) => `${g.realName}/${g.account}`),
        sortCode: r.sortCode,
        description: r.description ?? '',
        creatorTime: toMillis(r.creatorTime) ?? 0,
        lastModifyTime: toMillis(r.lastModifyTime),
      };
    });
  }
}

function valuesOf(input: SystemSignatureInput, image: string): SignatureValues {
  return {
    fullName: input.fullName,
    enCode: input.enCode,
    image,
    sortCode: input.sortCode ?? 0,
    description: input.description ?? null,
  };
}
