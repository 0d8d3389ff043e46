import type {
  AuthorizeDataInput,
  AuthorizeItemType,
  AuthorizeObjectType,
  AuthorizeValuesInput,
  Envelope,
} from '@platform/shared';
import { http } from '../../shared/api/http.ts';

const base = '/api/permission/Authority';

/** A node of a grant step's tree: an application, a menu, or a button/column/form/data definition. */
export interface GrantNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  icon: string;
  type: string | number;
  hasChildren: boolean;
  children: GrantNode[];
}

/** One step of the wizard: the tree, what the holder has, and every grantable id. */
export interface GrantValues {
  list: GrantNode[];
  ids: string[];
  all: string[];
}

export type { AuthorizeItemType, AuthorizeObjectType };

/**
 * The shared schemas build `objectType` and `type` from mapped literal unions, which TypeBox's
 * Static resolves to `never`; the fields are restated here from the shared literal lists.
 */
export type ValuesInput = Omit<AuthorizeValuesInput, 'objectType' | 'type'> & {
  objectType: AuthorizeObjectType;
  type: AuthorizeItemType;
};
export type DataInput = Omit<AuthorizeDataInput, 'objectType'> & { objectType: AuthorizeObjectType };

export const authorizeApi = {
  values: (objectId: string, input: ValuesInput) => http.post<GrantValues>(`${base}/Data/${objectId}/Values`, input),
  /** Replaces the holder's grants of every item type the body names. */
  save: (objectId: string, input: DataInput) =>
    http.put<Envelope<null>>(`${base}/Data/${objectId}`, input, { envelope: true }),
};
