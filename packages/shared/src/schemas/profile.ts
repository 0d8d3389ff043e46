import { type Static, Type } from 'typebox';
import { LiteralUnion } from '../envelope.ts';
import { themes } from './auth.ts';
import { UserInfo, UserInput } from './user.ts';

/** What a user may change about themselves: never the account, organisation, roles or state. */
const own = UserInput.properties;
export const BaseInfoInput = Type.Object({
  realName: Type.Optional(own.realName),
  gender: own.gender,
  email: own.email,
  mobilePhone: own.mobilePhone,
  nation: own.nation,
  nativePlace: own.nativePlace,
  certificatesType: own.certificatesType,
  certificatesNumber: own.certificatesNumber,
  education: own.education,
  birthday: own.birthday,
  telePhone: own.telePhone,
  landline: own.landline,
  urgentContacts: own.urgentContacts,
  urgentTelePhone: own.urgentTelePhone,
  postalAddress: own.postalAddress,
  description: own.description,
});
export type BaseInfoInput = Static<typeof BaseInfoInput>;

export const ThemeInput = Type.Object({ theme: LiteralUnion(themes) });
export type ThemeInput = Static<typeof ThemeInput>;

/** Our language names and the BCP 47 tags browsers use. */
export const languages = ['zh-CN', 'zh-TW', 'en', 'zh', 'zhtw', 'en-US'] as const;
export const LanguageInput = Type.Object({ language: LiteralUnion(languages) });
export type LanguageInput = Static<typeof LanguageInput>;

/** A drawn signature as a PNG data URL (the pad is 560 x 300; 300 KB is ample). */
export const SignatureInput = Type.Object({
  signImg: Type.String({ minLength: 30, maxLength: 300_000, pattern: '^data:image/png;base64,[A-Za-z0-9+/=]+$' }),
  isDefault: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});
export type SignatureInput = Static<typeof SignatureInput>;

export const Signature = Type.Object({
  id: Type.String(),
  signImg: Type.String(),
  isDefault: Type.Integer(),
  creatorTime: Type.Integer(),
});
export type Signature = Static<typeof Signature>;

export const OwnLogQuery = Type.Object({
  /** 1 logins, 2 operations, 3 exceptions. */
  category: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
});
export type OwnLogQuery = Static<typeof OwnLogQuery>;

/** `GET Users/Current/BaseInfo`: the own user card with the names of the organisations and positions. */
export const BaseInfo = Type.Object({
  ...UserInfo.properties,
  /** Names, comma-joined. */
  organize: Type.String(),
  position: Type.String(),
});
export type BaseInfo = Static<typeof BaseInfo>;

/** `GET Users/Current/getUserOrganizes` and `getUserPositions`: the current one is `isDefault`. */
export const UserOrganize = Type.Object({ id: Type.String(), fullName: Type.String(), isDefault: Type.Boolean() });
export type UserOrganize = Static<typeof UserOrganize>;

/**
 * `GET Users/Current/Administrators` (our addition): whom the caller asks for access, the tiered
 * administrators of its organisation (nearest first), else the super administrators.
 */
export const AccessContact = Type.Object({
  account: Type.String(),
  realName: Type.String(),
  /** The organisation it administers for the caller; empty for a super administrator. */
  organizeName: Type.String(),
});
export type AccessContact = Static<typeof AccessContact>;

/** `GET Users/Current/Subordinate/{id}`: a direct report. */
export const Subordinate = Type.Object({
  id: Type.String(),
  account: Type.String(),
  realName: Type.String(),
  userName: Type.String(),
  headIcon: Type.String(),
  isLeaf: Type.Boolean(),
});
export type Subordinate = Static<typeof Subordinate>;
