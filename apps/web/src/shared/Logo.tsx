import { useId } from 'react';

/** The built-in logo mark, used wherever the system configuration gives no logo image. */
export function LogoMark({ size = 40 }: { size?: number }) {
  // One gradient id per instance: a shared id breaks when the first copy sits in a hidden panel.
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#69b1ff" />
          <stop offset="1" stopColor="#1677ff" />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width="44" height="44" rx="12" fill={`url(#${gradient})`} />
      <rect x="12" y="12" width="10" height="10" rx="2.5" fill="#fff" />
      <rect x="26" y="12" width="10" height="10" rx="2.5" fill="#fff" opacity=".7" />
      <rect x="12" y="26" width="10" height="10" rx="2.5" fill="#fff" opacity=".7" />
      <rect x="26" y="26" width="10" height="10" rx="5" fill="#fff" />
    </svg>
  );
}
