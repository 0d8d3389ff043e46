import type { FastifyBaseLogger } from 'fastify';

/** Where verification codes go. Deployments plug in a real SMS gateway here. */
export interface SmsSender {
  sendVerificationCode(mobile: string, code: string): Promise<void>;
}

/** The default: writes the code to the server log, so a development machine can sign in by SMS. */
export class LogSmsSender implements SmsSender {
  constructor(private readonly log: FastifyBaseLogger) {}
  async sendVerificationCode(mobile: string, code: string) {
    this.log.info({ mobile, code }, 'SMS verification code (log sender: configure a gateway to send real messages)');
  }
}
