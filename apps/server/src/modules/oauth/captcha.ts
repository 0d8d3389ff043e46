import svgCaptcha from 'svg-captcha';
import { BusinessError } from '../../core/errors.ts';
import type { Db, Trx } from '../../db/database.ts';
import { OauthRepository } from './oauth.repository.ts';

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

/**
 * Uses up the image captcha shown under `key` (`/api/file/ImageCode/{key}`): refused when missing,
 * wrong or expired; either way it cannot be used again. Login, the password change and the short
 * link's public form ask for it.
 */
export async function consumeCaptcha(db: Db | Trx, key: string | number | undefined, code: string | undefined) {
  if (!code?.trim() || key === undefined || key === '') throw new BusinessError('auth.captchaRequired');
  // A number key is the same text the client put in the image URL (JSON and JS print it alike).
  if (!(await new OauthRepository(db).consumeCode('captcha', String(key), code)))
    throw new BusinessError('auth.captchaWrong');
}
