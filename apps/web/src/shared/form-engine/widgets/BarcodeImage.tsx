import { barcodeDefaults } from '@platform/shared';
import JsBarcode from 'jsbarcode';
import { useEffect, useRef } from 'react';

/** A code128 barcode drawn on an SVG (widgets.md §9 defaults); loaded on first use. */
export default function BarcodeImage({
  text,
  format,
  width,
  height,
  lineColor,
  background,
}: {
  text: string;
  format?: string;
  width?: number;
  height?: number;
  lineColor?: string;
  background?: string;
}) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    try {
      JsBarcode(ref.current, text, {
        format: format || barcodeDefaults.format,
        width: width ?? barcodeDefaults.width,
        height: height ?? barcodeDefaults.height,
        margin: barcodeDefaults.margin,
        lineColor: lineColor || barcodeDefaults.lineColor,
        background: background || barcodeDefaults.background,
        displayValue: barcodeDefaults.displayValue,
      });
    } catch {
      ref.current.innerHTML = '';
    }
  }, [text, format, width, height, lineColor, background]);
  return <svg ref={ref} data-barcode={text} role="img" aria-label={text} />;
}
