import svgCaptcha from 'svg-captcha';

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/l/I). */
const charPreset = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/** A captcha drawn as paths (no text an agent could read from the SVG), with noise lines. */
export function drawCaptcha(length: number): { text: string; svg: string } {
  const { text, data } = svgCaptcha.create({
    size: length,
    charPreset,
    noise: 3,
    color: true,
    background: '#f3f6fb',
    width: 120,
    height: 40,
    fontSize: 44,
  });
  return { text, svg: data };
}
