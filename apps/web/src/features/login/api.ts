import { http } from '../../shared/api/http.ts';

/** `GET /api/oauth/getLoginConfig`: protocol.md's fields plus what this server adds. */
export interface LoginConfig {
  redirect?: boolean;
  url?: string;
  ticketParams?: string;
  socialsList?: unknown[];
  /** The 16-character AES key of the login payload (this server's addition). */
  cipherKey?: string;
  sysName?: string;
  title?: string;
  loginIcon?: string;
  logoIcon?: string;
  copyright?: string;
}

/** `GET /api/oauth/getConfig/{account}`: whether this account must solve a captcha, and its length. */
export interface AccountLoginConfig {
  enableVerificationCode?: boolean | number;
  verificationCodeNumber?: number;
}

export type LoginOrigin = 'password' | 'sms' | 'scan';

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

export interface LoginResult {
  token: string;
  theme?: string;
}

/** Ticket of the app-scan login: the QR code shows it; its status is polled until confirmed or expired. */
export interface ScanStatus {
  /** 0 waiting for a scan, 1 scanned and waiting for confirmation, 2 confirmed, -1 expired. */
  status: number;
  /** The token when the server signs the waiting page in directly. */
  token?: string;
}

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
  /** Answers the ticket (a string) that the QR code carries. */
  scanTicket: () => http.get<string | { ticket: string }>('/api/oauth/codeCertificate', undefined, { silent: true }),
  scanStatus: (ticket: string) =>
    http.get<ScanStatus>(`/api/oauth/codeCertificateStatus/${encodeURIComponent(ticket)}`, undefined, {
      silent: true,
    }),
};
