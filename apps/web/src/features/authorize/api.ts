import type {
  AuthorizeDataInput,
  AuthorizeItemType,
  AuthorizeObjectType,
  AuthorizeValuesInput,
  Envelope,
  GrantNode,
  GrantValues,
} from '@platform/shared';
import { http } from '../../shared/api/http.ts';

const base = '/api/permission/Authority';

export type { AuthorizeItemType, AuthorizeObjectType, GrantNode, GrantValues };
export type ValuesInput = AuthorizeValuesInput;
export type DataInput = AuthorizeDataInput;

export const authorizeApi = {
  values: (objectId: string, input: ValuesInput) => http.post<GrantValues>(`${base}/Data/${objectId}/Values`, input),
  /** Replaces the holder's grants of every item type the body names. */
  save: (objectId: string, input: DataInput) =>
    http.put<Envelope<null>>(`${base}/Data/${objectId}`, input, { envelope: true }),
};
