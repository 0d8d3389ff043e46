import type { EventBus } from '../../core/event-bus.ts';
import type { Db } from '../../db/database.ts';
import { SysConfigRepository } from './sys-config.repository.ts';

/** Settings as the rest of the server reads them, with the types later code relies on. */
export interface SysSettings {
  sysName: string;
  sysVersion: string;
  title: string;
  copyright: string;
  companyName: string;
  logoIcon: string;
  workLogoIcon: string;
  navigationIcon: string;
  loginIcon: string;
  appIcon: string;
  tokenTimeout: number;
  singleLogin: number;
  lastLoginTimeSwitch: number;
  enableVerificationCode: number;
  verificationCodeNumber: number;
  passwordErrorsNumber: number;
  lockTime: number;
  passwordStrengthLimit: number;
  passwordLengthMin: number;
  passwordLengthMinNumber: number;
  containsNumbers: number;
  includeLowercaseLetters: number;
  includeUppercaseLetters: number;
  containsCharacters: number;
  mandatoryModificationOfInitialPassword: number;
  newUserDefaultPassword: string;
  [key: string]: unknown;
}

/**
 * System configuration is read on nearly every login and session check, so each instance keeps a
 * copy and drops it when any instance announces a change.
 */
export class SysConfigService {
  private cached: Promise<SysSettings> | null = null;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
  ) {
    bus.subscribe((event) => {
      if (event.type === 'sysConfig.changed') this.cached = null;
    });
  }

  get(): Promise<SysSettings> {
    if (!this.cached) {
      this.cached = new SysConfigRepository(this.db).all().then((values) => values as SysSettings);
      this.cached.catch(() => {
        this.cached = null;
      });
    }
    return this.cached;
  }

  async update(values: Record<string, unknown>) {
    await new SysConfigRepository(this.db).set(values);
    this.cached = null;
    await this.bus.publish({ type: 'sysConfig.changed' });
  }
}
