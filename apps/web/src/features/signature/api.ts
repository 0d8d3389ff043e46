import type {
  SystemSignatureInfo,
  SystemSignatureInput,
  SystemSignatureQuery,
  SystemSignatureRow,
} from '@platform/shared';
import { crudApi } from '../../shared/api/crud-api.ts';

/** admin.md §7 "Signatures", protocol-admin.md §10. */
export const signatureApi = crudApi<
  SystemSignatureRow,
  SystemSignatureInput,
  SystemSignatureQuery,
  SystemSignatureInfo
>('/api/system/Signature');
