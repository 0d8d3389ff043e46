import { type Static, Type } from 'typebox';
import { Id } from '../envelope.ts';
import { PageQuery } from '../paging.ts';
import { Description, EnCode, FullName, Nullable, SortCode } from './organize.ts';
import { ReleaseState } from './visualdev.ts';

/**
 * Flow forms (protocol-workflow.md 1, `/api/flowForm/Form`): the forms a flow can start with.
 * A custom form (formType 2) is a generated form, the same definition `/api/visualdev/Base`
 * serves: `draftJson` is its draft form, `tableJson` its table list, `propertyJson` what the last
 * release published. A system form (formType 1) is a page written by hand: its addresses, its
 * back-end interface and a field list (`SystemFormField`).
 */

/** formType: 1 system form, 2 custom (generated) form. */
export const FlowFormType = Type.Union([Type.Literal(1), Type.Literal(2)]);
/** flowType: 0 a launch form, 1 a function form. */
export const FlowFormFlowType = Type.Union([Type.Literal(0), Type.Literal(1)]);

/** One field of a system form, as the 3.6 designer lists it (its spelling `filed` kept). */
export const SystemFormField = Type.Object({
  filedId: Type.String({ minLength: 1, maxLength: 50 }),
  filedName: Type.String({ minLength: 1, maxLength: 50 }),
  jnpfKey: Type.String({ maxLength: 50 }),
  required: Type.Boolean(),
  multiple: Type.Boolean(),
});
export type SystemFormField = Static<typeof SystemFormField>;

const Address = Nullable(Type.String({ maxLength: 200 }));
const JsonText = Nullable(Type.String({ maxLength: 2_000_000 }));

export const FlowFormInput = Type.Object({
  fullName: FullName,
  enCode: EnCode,
  formType: FlowFormType,
  flowType: Type.Optional(FlowFormFlowType),
  urlAddress: Address,
  appUrlAddress: Address,
  interfaceUrl: Address,
  sortCode: Type.Optional(SortCode),
  description: Nullable(Description),
  /** Accepted and ignored: records live in this server's database. */
  dbLinkId: Nullable(Type.String({ maxLength: 50 })),
  tableJson: JsonText,
  draftJson: JsonText,
});
export type FlowFormInput = Static<typeof FlowFormInput>;
/** The 3.6 client's PUT carries the id in the body, not in the path. */
export const FlowFormUpdate = Type.Object({ ...FlowFormInput.properties, id: Id });
export type FlowFormUpdate = Static<typeof FlowFormUpdate>;

export const FlowFormQuery = Type.Object({
  ...PageQuery.properties,
  formType: Type.Optional(FlowFormType),
  flowType: Type.Optional(FlowFormFlowType),
  isRelease: Type.Optional(ReleaseState),
});
export type FlowFormQuery = Static<typeof FlowFormQuery>;

export const FlowFormRow = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  formType: Type.Integer(),
  flowType: Type.Integer(),
  sortCode: Type.Integer(),
  /** 0 never released, 1 released, 2 released and edited since. */
  isRelease: Type.Integer(),
  /** 1 once a version is released: the 3.6 client offers 发布预览 only then. */
  enabledMark: Type.Integer(),
  creatorUser: Type.String(),
  creatorTime: Type.Union([Type.Integer(), Type.Null()]),
  lastModifyTime: Type.Union([Type.Integer(), Type.Null()]),
});
export type FlowFormRow = Static<typeof FlowFormRow>;

export const FlowFormDetail = Type.Object({
  ...FlowFormRow.properties,
  urlAddress: Type.String(),
  appUrlAddress: Type.String(),
  interfaceUrl: Type.String(),
  description: Type.String(),
  dbLinkId: Type.String(),
  tableJson: Type.String(),
  draftJson: Type.String(),
  /** The released form: a generated form's definition, or a system form's field list; '' before a release. */
  propertyJson: Type.String(),
});
export type FlowFormDetail = Static<typeof FlowFormDetail>;

/** `Release/{id}?isRelease=1` publishes the draft; 0 takes the draft back to the released version. */
export const FlowFormReleaseQuery = Type.Object({
  isRelease: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});

/** `getFormById/{visualDevId}`: the flow template that starts with the form ('' when none). */
export const FlowFormTemplate = Type.Object({ id: Type.String() });
