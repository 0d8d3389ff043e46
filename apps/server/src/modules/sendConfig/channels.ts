import type { ConnectionOptions } from 'node:tls';
import { Channel } from '@platform/shared';
import nodemailer, { type Transporter } from 'nodemailer';
import { BusinessError } from '../../core/errors.ts';
import type { MessageKey, Translate } from '../../core/i18n.ts';
import { sanitizeRichText } from '../../core/sanitize.ts';
import type { SysConfigService } from '../sysConfig/sys-config.service.ts';

export interface OutgoingMessage {
  /** The message's id (its send-log row): a gateway that keeps ids can tell a repeat (e-mail: Message-ID). */
  id?: string;
  channel: string;
  to: { userId: string; email: string | null; mobilePhone: string | null; account: string };
  title: string;
  content: string;
  templateCode: string | null;
}

/** What happened: `sent` through a real gateway, `recorded` by a channel that only writes it down. */
export interface SendOutcome {
  status: 'sent' | 'recorded';
  recipient: string | null;
}

export interface ChannelSender {
  send(message: OutgoingMessage): Promise<SendOutcome>;
}

/** Channels without a gateway (SMS, DingTalk, WeCom, webhook, WeChat): the send log shows what would go out. */
export class RecordingSender implements ChannelSender {
  async send(message: OutgoingMessage): Promise<SendOutcome> {
    const recipient = message.channel === Channel.sms ? message.to.mobilePhone : message.to.account;
    return { status: 'recorded', recipient };
  }
}

/** Channels whose body is HTML (a mail, an in-app message): sanitised as rich text; the others carry plain text. */
export const htmlChannels: ReadonlySet<string> = new Set([Channel.inApp, Channel.email]);

/** A send refused for a reason the administrator can fix (a message key, as every refusal). */
export class ChannelError extends BusinessError {}

/**
 * E-mail through SMTP, configured in system configuration (emailSmtpHost, emailSmtpPort, emailSsl,
 * emailAccount, emailPassword, emailSenderName). The transport is rebuilt when the settings change.
 * emailSsl 1 connects over TLS (SMTPS, port 465); 0 connects in plain text and upgrades with
 * STARTTLS whenever the server offers it. Certificates are verified against Node's trust store (a
 * private CA is added with NODE_EXTRA_CA_CERTS); `tls` adds options, e.g. a CA for tests.
 */
export class SmtpSender implements ChannelSender {
  private transport: { key: string; transporter: Transporter } | null = null;

  constructor(
    private readonly sysConfig: SysConfigService,
    private readonly tls: ConnectionOptions = {},
  ) {}

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    const settings = await this.sysConfig.get();
    const host = String(settings.emailSmtpHost ?? '').trim();
    if (!host) throw new ChannelError('sendConfig.emailNotConfigured');
    if (!message.to.email) throw new ChannelError('sendConfig.noAddress');
    const port = Number(settings.emailSmtpPort) || 465;
    const secure = Number(settings.emailSsl ?? 1) === 1;
    const user = String(settings.emailAccount ?? '');
    const pass = String(settings.emailPassword ?? '');
    const key = JSON.stringify([host, port, secure, user, pass]);
    if (this.transport?.key !== key) {
      this.transport?.transporter.close();
      this.transport = {
        key,
        transporter: nodemailer.createTransport({
          host,
          port,
          secure,
          ...(user ? { auth: { user, pass } } : {}),
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          // Well inside the job runner's stale claim (5 minutes): a try ends before another runner may take it.
          socketTimeout: 60_000,
          tls: this.tls,
        }),
      };
    }
    const senderName = emailFrom(settings).name;
    try {
      await this.transport.transporter.sendMail({
        // One Message-ID per message, the same on every try: a mailbox that sees it twice can tell.
        ...(message.id ? { messageId: `<${message.id}@${user.split('@')[1] || 'platform.local'}>` } : {}),
        from: senderName ? { name: senderName, address: user } : user,
        to: message.to.email,
        subject: message.title,
        // A mail client renders the body: whatever a template or its parameters carried is cleaned here, where it leaves.
        html: sanitizeRichText(message.content) ?? '',
      });
    } catch (error) {
      // The one failure an administrator fixes in our settings rather than at the mail server.
      if ((error as { code?: string }).code === 'EAUTH') throw new ChannelError('sendConfig.emailLoginRefused');
      throw error;
    }
    return { status: 'sent', recipient: message.to.email };
  }
}

/** Why a send failed, for the send log (`translate` its language): our refusals by key, anything else as it came. */
export function failureReason(error: unknown, channel: string, translate: Translate): string {
  const reason =
    error instanceof ChannelError
      ? translate(error.message as MessageKey, { channel: translate(`sendConfig.channel.${channel}` as MessageKey) })
      : error instanceof Error
        ? error.message
        : String(error);
  return reason.slice(0, 2000);
}

/** The mailbox e-mails go out from: the SMTP account, under the sender name (else the system's name). */
export function emailFrom(settings: Awaited<ReturnType<SysConfigService['get']>>): EmailSender {
  return {
    account: String(settings.emailAccount ?? ''),
    name: String(settings.emailSenderName ?? '') || String(settings.sysName ?? ''),
  };
}

export interface EmailSender {
  account: string;
  name: string;
}

/** The senders in use, per channel; deployments (and tests) replace any of them with `use`. */
export class ChannelRegistry {
  private readonly senders = new Map<string, ChannelSender>();
  private readonly fallback = new RecordingSender();

  constructor(private readonly sysConfig: SysConfigService) {
    this.senders.set(Channel.email, new SmtpSender(sysConfig));
  }

  /** Whom e-mails come from now (the send log keeps no From of its own). */
  async emailSender(): Promise<EmailSender> {
    return emailFrom(await this.sysConfig.get());
  }

  use(channel: string, sender: ChannelSender) {
    this.senders.set(channel, sender);
  }

  get(channel: string): ChannelSender {
    return this.senders.get(channel) ?? this.fallback;
  }
}
