import { isIP } from 'node:net';
import {
  onWhitelist,
  ResultCode,
  SYS_CONFIG_SECRETS,
  type SysConfigInput,
  type SysConfigKey,
  type SysConfigView,
  sysConfigFields,
  whitelistEntries,
} from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import type { Session } from '../../core/session.ts';
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
  /** Failed logins after which the account must answer a captcha (absent in databases seeded before it). */
  captchaAfterErrorsNumber?: number;
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

/** Text settings answer '' and number settings 0 when this server holds no value for them. */
const isText = (key: SysConfigKey) => (sysConfigFields[key] as { type?: unknown }).type === 'string';
const fieldKeys = Object.keys(sysConfigFields) as SysConfigKey[];
const secretFields = new Set<string>(SYS_CONFIG_SECRETS);
/**
 * What the view answers for settings no one has saved yet whose range excludes 0, so that a client
 * saving back the object it read sends valid values (the seed holds the others).
 */
const unsavedDefaults: Partial<Record<SysConfigKey, number>> = {
  lockType: 1,
  updateCycle: 90,
  updateInAdvance: 7,
  disableTheNumberOfOldPasswords: 3,
  captchaAfterErrorsNumber: 3,
  emailSmtpPort: 465,
  emailSsl: 1,
};

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

  /**
   * `GET /api/system/SysConfig`: every client reads it after login (the header checks
   * `mandatoryModificationOfInitialPassword`), so any signed-in user gets it; secrets only with
   * the page's permission.
   */
  async view(withSecrets: boolean): Promise<SysConfigView> {
    const settings = await this.get();
    const view: SysConfigView = {};
    for (const key of fieldKeys) {
      if (!withSecrets && secretFields.has(key)) continue;
      const value = settings[key];
      if (isText(key)) view[key] = typeof value === 'string' ? value : '';
      else view[key] = typeof value === 'number' ? value : (unsavedDefaults[key] ?? 0);
    }
    return view;
  }

  /**
   * `PUT /api/system/SysConfig`: stores what was sent (the schema has checked each field) and
   * announces it, so every instance reads the new settings at its next call. A whitelist must
   * hold the caller's own address.
   */
  async save(input: SysConfigInput, callerIp: string | null) {
    if (input.whiteListIp !== undefined) {
      const wrong = whitelistEntries(input.whiteListIp).find((entry) => !isIP(entry));
      if (wrong) throw new BusinessError('sysConfig.whiteListIp', { value: wrong });
    }
    const settings = await this.get();
    const whitelistOn = (input.whitelistSwitch ?? settings.whitelistSwitch) === 1;
    const whitelist = input.whiteListIp ?? String(settings.whiteListIp ?? '');
    if (whitelistOn && whitelistEntries(whitelist).length === 0) throw new BusinessError('sysConfig.whiteListEmpty');
    // Sign-in is refused from any other address: the one saving it would lock themself out.
    if (whitelistOn && !onWhitelist(callerIp, whitelist)) {
      throw new BusinessError('sysConfig.whiteListSelf', { ip: callerIp ?? '' });
    }
    await this.update(input);
  }

  administrators() {
    return new SysConfigRepository(this.db).administrators();
  }

  /**
   * `PUT SysConfig/setAdminList`: exactly these users are administrators afterwards. Only an
   * administrator may choose them (the page's grant alone would let its holder crown themself),
   * the list must name existing users, and the caller cannot leave it. Answers the users who
   * stopped being administrators and those who became one.
   */
  async setAdministrators(
    input: string[] | string,
    caller: Session,
  ): Promise<{ demoted: string[]; promoted: string[] }> {
    if (!caller.isAdministrator) throw new BusinessError('sysConfig.adminOnly', {}, ResultCode.forbidden);
    const ids = [...new Set(Array.isArray(input) ? input : input.split(','))];
    if (!ids.includes(caller.userId)) throw new BusinessError('sysConfig.adminKeepSelf');
    const changed = await this.db.transaction().execute(async (trx) => {
      const repo = new SysConfigRepository(trx);
      const existing = await repo.existingUserIds(ids);
      const unknown = ids.find((id) => !existing.has(id));
      if (unknown) throw new BusinessError('sysConfig.adminUnknown', { id: unknown });
      return repo.setAdministrators(ids);
    });
    await this.bus.publish({ type: 'authorize.changed' });
    return changed;
  }

  async update(values: Record<string, unknown>) {
    await new SysConfigRepository(this.db).set(values);
    this.cached = null;
    await this.bus.publish({ type: 'sysConfig.changed' });
  }
}
