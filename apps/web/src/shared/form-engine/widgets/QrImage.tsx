import { qrcodeDefaults } from '@platform/shared';
import QRCode from 'antd/es/qrcode';

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
  return (
    <div data-qrcode={text}>
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
