import type {
  AccountLoginConfig,
  LoginConfig,
  LoginResult,
  loginOrigins,
  ScanTicket,
  ScanTicketStatus,
} from '@platform/shared';
import { http } from '../../shared/api/http.ts';

export type { AccountLoginConfig, LoginConfig, LoginResult };

export type LoginOrigin = (typeof loginOrigins)[number];

export interface LoginInput {
  account: string;
  /** Already encrypted (see shared/crypto/login-cipher.ts); empty for the SMS and scan logins. */
  password: string;
  code?: string;
  /** The captcha's random key, as used in its image URL. */
  timestamp?: string | number;
  origin: LoginOrigin;
  ticket?: string;
}

/** `status` of a scan-login ticket (ScanTicketStatus). */
export const scanStatus = { waiting: 0, scanned: 1, confirmed: 2, expired: -1 } as const;

// Login and lock-screen calls never end a session on 600/601/602 (http.ts knows these paths).
export const loginApi = {
  loginConfig: () => http.get<LoginConfig>('/api/oauth/getLoginConfig', undefined, { silent: true }),
  accountConfig: (account: string) =>
    http.get<AccountLoginConfig>(`/api/oauth/getConfig/${encodeURIComponent(account)}`, undefined, { silent: true }),
  captchaUrl: (random: string | number) => `/api/file/ImageCode/${random}`,
  login: (input: LoginInput) =>
    http.postForm<LoginResult>('/api/oauth/Login', {
      account: input.account.trim(),
      password: input.password,
      code: input.code ?? '',
      timestamp: input.timestamp ?? '',
      origin: input.origin,
      ticket: input.ticket,
      jnpf_ticket: input.ticket,
      grant_type: 'password',
    }),
  /** The spec gives no path: this one is in the same family (DESIGN.md "Contract"); the server must match it. */
  sendSmsCode: (mobile: string) => http.post<null>('/api/oauth/sendSmsCode', { mobile }),
  /** Answers the ticket that the QR code carries. */
  scanTicket: () => http.get<ScanTicket>('/api/oauth/codeCertificate', undefined, { silent: true }),
  scanStatus: (ticket: string) =>
    http.get<ScanTicketStatus>(`/api/oauth/codeCertificateStatus/${encodeURIComponent(ticket)}`, undefined, {
      silent: true,
    }),
};
