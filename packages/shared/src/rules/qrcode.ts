/** The fixed marker of a dynamic-form-data QR payload. */
export const DYNAMIC_QR_MARKER = 'DFD';

/** The form context a dynamic QR code is built from. */
export interface DynamicQrContext {
  id?: string | number | null;
  modelId?: string | null;
  /** mt: the model type. */
  modelType?: string | number | null;
  flowId?: string | null;
  processId?: string | null;
  taskId?: string | null;
  opType?: string | number | null;
}

export interface DynamicQrPayload {
  t: typeof DYNAMIC_QR_MARKER;
  id: string | number;
  mid: string;
  mt: string | number;
  fid: string;
  pid: string;
  ftid: string;
  opt: string | number;
}

/** The payload object, or null without a record id or model id. */
export function dynamicQrPayload(context: DynamicQrContext): DynamicQrPayload | null {
  if (context.id === null || context.id === undefined || context.id === '' || !context.modelId) return null;
  return {
    t: DYNAMIC_QR_MARKER,
    id: context.id,
    mid: context.modelId,
    mt: context.modelType ?? '',
    fid: context.flowId ?? '',
    pid: context.processId ?? '',
    ftid: context.taskId ?? '',
    opt: context.opType ?? '',
  };
}

/** The QR text of a dynamic code: the payload as JSON, '' without id or model id. */
export function dynamicQrText(context: DynamicQrContext): string {
  const payload = dynamicQrPayload(context);
  return payload ? JSON.stringify(payload) : '';
}

/** Reads a scanned text back; null when it is not a dynamic-form-data payload. */
export function parseDynamicQrText(text: string): DynamicQrPayload | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const o = value as Record<string, unknown>;
    if (o.t !== DYNAMIC_QR_MARKER || !o.id || !o.mid) return null;
    return value as DynamicQrPayload;
  } catch {
    return null;
  }
}

export type QrcodeDataType = 'static' | 'relation' | 'dynamic';

export interface QrcodeSource {
  dataType: QrcodeDataType;
  staticText?: string | null;
  relationField?: string | null;
}

/** The text of a QR code: fixed text, a related field's value, or the dynamic payload. */
export function qrcodeText(
  source: QrcodeSource,
  formData: Readonly<Record<string, unknown>> = {},
  context: DynamicQrContext = {},
): string {
  if (source.dataType === 'dynamic') return dynamicQrText(context);
  const raw =
    source.dataType === 'relation' ? (source.relationField ? formData[source.relationField] : '') : source.staticText;
  return raw === null || raw === undefined ? '' : String(raw);
}
