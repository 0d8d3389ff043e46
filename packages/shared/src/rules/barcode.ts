export const BARCODE_PATTERN = /^[A-Za-z0-9]+$/;

export const barcodeDefaults = {
  format: 'code128',
  width: 4,
  height: 40,
  margin: 5,
  lineColor: '#000000',
  background: '#ffffff',
  displayValue: false,
} as const;

export const qrcodeDefaults = { width: 100, errorCorrectionLevel: 'L' } as const;

/** Barcode text must be alphanumeric only. */
export function isValidBarcodeText(text: unknown): boolean {
  return typeof text === 'string'
    ? BARCODE_PATTERN.test(text)
    : typeof text === 'number' && Number.isInteger(text) && text >= 0;
}

export type BarcodeDataType = 'static' | 'relation';

export interface BarcodeSource {
  dataType: BarcodeDataType;
  staticText?: string | null;
  relationField?: string | null;
}

/**
 * The text to draw: the fixed text or the related field's value; '' (nothing drawn, related text cleared)
 * when it is not alphanumeric.
 */
export function barcodeText(source: BarcodeSource, formData: Readonly<Record<string, unknown>> = {}): string {
  const raw =
    source.dataType === 'relation' ? (source.relationField ? formData[source.relationField] : '') : source.staticText;
  if (raw === null || raw === undefined) return '';
  const text = String(raw);
  return isValidBarcodeText(text) ? text : '';
}
