import { qrcodeDefaults } from '@platform/shared';
import QRCode from 'antd/es/qrcode';
import { useEffect, useRef } from 'react';

/** A QR code (lowest error correction, width 100 by default); loaded on first use. */
export default function QrImage({
  text,
  size,
  color,
  bgColor,
}: {
  text: string;
  size?: number;
  color?: string;
  bgColor?: string;
}) {
  // antd draws the code as an <svg> without a name; it is named after the text it encodes.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector('svg')?.setAttribute('aria-label', text);
  });
  return (
    <div data-qrcode={text} ref={box}>
      <QRCode
        value={text}
        size={size ?? qrcodeDefaults.width}
        errorLevel={qrcodeDefaults.errorCorrectionLevel}
        color={color}
        bgColor={bgColor}
        bordered={false}
        type="svg"
      />
    </div>
  );
}
