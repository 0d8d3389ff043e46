import Button from 'antd/es/button';
import { type PointerEvent, useCallback, useRef, useState } from 'react';
import { useToast } from '../toast.tsx';
import { useComponentsTranslation } from './i18n.ts';

/** shell.md §2.9 and widgets.md §2 (signature dialog): the pad is 560 by 300 px. */
export const padWidth = 560;
export const padHeight = 300;

/** A signature needs at least one stroke with a segment or a dot; nothing drawn means "请签名". */
export function isSignatureEmpty(strokes: number): boolean {
  return strokes <= 0;
}

export interface SignaturePadProps {
  /** Called with the PNG data URL when something was drawn. */
  onConfirm: (dataUrl: string) => void;
  onCancel?: () => void;
  confirming?: boolean;
}

/**
 * A plain canvas signature pad with pointer events (mouse, pen, touch); no dependency. The
 * profile's own signatures and the administrators' signatures are drawn on it.
 */
export function SignaturePad({ onConfirm, onCancel, confirming }: SignaturePadProps) {
  const { t } = useComponentsTranslation();
  const toast = useToast();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [strokes, setStrokes] = useState(0);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const scaleX = rect.width ? padWidth / rect.width : 1;
    const scaleY = rect.height ? padHeight / rect.height : 1;
    return { x: (event.clientX - rect.left) * scaleX, y: (event.clientY - rect.top) * scaleY };
  };

  const context = () => {
    const ctx = canvasRef.current?.getContext?.('2d') ?? null;
    if (ctx) {
      ctx.lineWidth = 3;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#000';
      ctx.fillStyle = '#000';
    }
    return ctx;
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== undefined && event.button > 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    const p = point(event);
    last.current = p;
    const ctx = context();
    if (ctx) {
      ctx.beginPath();
      ctx.arc(p.x, p.y, 1.5, 0, Math.PI * 2);
      ctx.fill();
    }
    setStrokes((n) => n + 1);
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || !last.current) return;
    const p = point(event);
    const ctx = context();
    if (ctx) {
      ctx.beginPath();
      ctx.moveTo(last.current.x, last.current.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
    last.current = p;
  };

  const stop = () => {
    drawing.current = false;
    last.current = null;
  };

  const clear = useCallback(() => {
    const canvas = canvasRef.current;
    canvas?.getContext?.('2d')?.clearRect(0, 0, padWidth, padHeight);
    setStrokes(0);
  }, []);

  const confirm = () => {
    const canvas = canvasRef.current;
    if (isSignatureEmpty(strokes) || !canvas) {
      toast.warning(t('signaturePad.required'));
      return;
    }
    onConfirm(canvas.toDataURL('image/png'));
  };

  return (
    <div className="profile-sign-pad">
      <div className="profile-sign-canvas-wrap" style={{ position: 'relative', width: padWidth, maxWidth: '100%' }}>
        <canvas
          ref={canvasRef}
          width={padWidth}
          height={padHeight}
          data-testid="signature-canvas"
          aria-label={t('signaturePad.padLabel')}
          style={{
            width: padWidth,
            maxWidth: '100%',
            height: padHeight,
            border: '1px dashed var(--ant-color-border, #d9d9d9)',
            borderRadius: 4,
            touchAction: 'none',
            cursor: 'crosshair',
            background: '#fff',
            display: 'block',
          }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={stop}
          onPointerLeave={stop}
          onPointerCancel={stop}
        />
        {isSignatureEmpty(strokes) && (
          <span
            style={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              color: '#bfbfbf',
              pointerEvents: 'none',
            }}
          >
            {t('signaturePad.hint')}
          </span>
        )}
      </div>
      <div style={{ marginTop: 12, display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
        <Button onClick={clear}>{t('signaturePad.clear')}</Button>
        {onCancel && <Button onClick={onCancel}>{t('cancel')}</Button>}
        <Button type="primary" onClick={confirm} loading={confirming}>
          {t('signaturePad.confirm')}
        </Button>
      </div>
    </div>
  );
}
