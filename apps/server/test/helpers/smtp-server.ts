import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { App } from '../../src/core/app-types.ts';
import { SmtpSender } from '../../src/modules/sendConfig/channels.ts';

/**
 * A real SMTP server on loopback for the e-mail tests, over TLS with a test-only self-signed
 * certificate (test/fixtures), accepting one account and keeping what it is given.
 */
const fixtures = path.join(import.meta.dirname, '..', 'fixtures');
const key = readFileSync(path.join(fixtures, 'smtp-test.key'));
export const smtpCert = readFileSync(path.join(fixtures, 'smtp-test.crt'));
export const smtpAccount = 'notice@platform.test';
export const smtpPassword = 'smtp-right-1';

export interface Received {
  from: string;
  to: string[];
  secure: boolean;
  user: string | undefined;
  raw: string;
}

/**
 * A mail server that accepts one account and keeps what it is given. `refuseFirst` mails are
 * answered with a temporary failure (451) first, as a busy server does.
 */
export async function mailServer(secure: boolean, { refuseFirst = 0 } = {}) {
  const received: Received[] = [];
  let refused = 0;
  const server = new SMTPServer({
    secure,
    key,
    cert: smtpCert,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === smtpAccount && auth.password === smtpPassword) return callback(null, { user: smtpAccount });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refused < refuseFirst) {
          refused += 1;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          secure: session.secure,
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Points an app's system configuration at a loopback mail server over TLS (emailSsl 1) with the
 * test account, and has its e-mail channel trust the test certificate.
 */
export async function useMailServer(app: App, port: number, senderName = '') {
  await app.sysConfig.update({
    emailSmtpHost: '127.0.0.1',
    emailSmtpPort: port,
    emailSsl: 1,
    emailAccount: smtpAccount,
    emailPassword: smtpPassword,
    emailSenderName: senderName,
  });
  app.messageChannels.use('2', new SmtpSender(app.sysConfig, { ca: smtpCert }));
}

/** The subject as a reader sees it: RFC 2047 encoded words decoded, folded lines joined. */
export function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return header
    .replace(/\r\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_q, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
}
