import { type Static, Type } from 'typebox';
import { Id } from '../envelope.ts';
import { PageQuery } from '../paging.ts';
import { Description, EnCode, FullName, IdCsv, Nullable, SortCode } from './organize.ts';

/**
 * Signatures the administrators keep (签名管理, admin.md 3.9, protocol-admin.md section 10), each
 * granted to the users who may sign with it. A user's own drawn signatures are the profile's
 * (`Users/Current/SignImg`, schemas/profile.ts); both live in one store on the server.
 */

/**
 * The image: a PNG or JPEG data URL (drawn on the pad or read from an uploaded file), or, in an
 * update, the icon URL the Info answer carried (the image is kept). Its kind and size are checked
 * by the server from the bytes, so a wrong one gets a message that names the problem; the body
 * limit (2 MB) caps the text.
 */
export const SignatureIcon = Type.String({ minLength: 1, maxLength: 2_000_000 });
/** The largest signature image, in bytes: a drawn 560 x 300 PNG is some 10 to 40 KB, a scan a few hundred. */
export const SIGNATURE_IMAGE_MAX_BYTES = 1024 * 1024;

export const SystemSignatureInput = Type.Object({
  fullName: FullName,
  enCode: EnCode,
  icon: SignatureIcon,
  /** The users who may sign with it (the Selector of each). */
  userIds: Type.Array(Id, { maxItems: 1000 }),
  sortCode: Type.Optional(SortCode),
  description: Nullable(Description),
});
export type SystemSignatureInput = Static<typeof SystemSignatureInput>;
export const SystemSignatureUpdate = Type.Object({ ...SystemSignatureInput.properties, id: Type.Optional(Id) });
export type SystemSignatureUpdate = Static<typeof SystemSignatureUpdate>;

export const SystemSignatureQuery = Type.Object({
  ...PageQuery.properties,
  /** Only the signatures granted to this user. */
  userId: Type.Optional(Id),
});
export type SystemSignatureQuery = Static<typeof SystemSignatureQuery>;

/** One signature as its form edits it. */
export const SystemSignatureInfo = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  /** The URL of the stored image (what a signature field keeps when it is picked). */
  icon: Type.String(),
  userIds: Type.Array(Type.String()),
  /** The granted users as "name/account", in the order of userIds. */
  userNames: Type.Array(Type.String()),
  sortCode: Type.Integer(),
  description: Type.String(),
  creatorTime: Type.Integer(),
  lastModifyTime: Type.Union([Type.Integer(), Type.Null()]),
});
export type SystemSignatureInfo = Static<typeof SystemSignatureInfo>;

/** A row of the list: its 授权人 column (`userIds`, which the 3.6 client prints as given) names the users. */
export const SystemSignatureRow = Type.Object({
  ...SystemSignatureInfo.properties,
  /** The granted users as "name/account", joined by commas. */
  userIds: Type.String(),
});
export type SystemSignatureRow = Static<typeof SystemSignatureRow>;

/** What the picker and ListByIds answer: enough to show a signature and keep its icon URL. */
export const SignatureCard = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  icon: Type.String(),
});
export type SignatureCard = Static<typeof SignatureCard>;

/** The ids a form keeps, as a list or comma-joined (both forms of an id list reach the server). */
export const SignatureIdsInput = Type.Object({ ids: Type.Union([Type.Array(Id, { maxItems: 500 }), IdCsv]) });
export type SignatureIdsInput = Static<typeof SignatureIdsInput>;
