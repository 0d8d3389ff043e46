import type { LogQuery, LogRow } from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import type { MessageKey, Translate } from '../../core/i18n.ts';
import type { NewLogEntry } from '../../core/operation-log.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import type { Db } from '../../db/database.ts';
import { LogRepository } from './log.repository.ts';

/** "Chrome 126", "Edge 125", "Firefox 127", "Safari 17", "WeChat", ...; '' when unknown. */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return '';
  const known: [RegExp, string][] = [
    [/MicroMessenger\/(\d+)/, 'WeChat'],
    [/DingTalk\/(\d+)/, 'DingTalk'],
    [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
    [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/HeadlessChrome\/(\d+)/, 'Chrome Headless'],
    [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  ];
  for (const [pattern, name] of known) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${match[1]}`;
  }
  return userAgent.split(/[\s/]/)[0]?.slice(0, 40) ?? '';
}

export class LogService {
  constructor(private readonly db: Db) {}

  /** Stores a batch of the operation log (core/operation-log.ts), each entry named after its menu. */
  async storeOperations(batch: NewLogEntry[]) {
    const repo = new LogRepository(this.db);
    const codes = [...new Set(batch.map((e) => e.moduleCode).filter((c): c is string => !!c))];
    const names = await repo.menuNames(codes);
    await repo.insertMany(
      batch.map((e) => ({ ...e, moduleName: (e.moduleCode && names.get(e.moduleCode)) ?? e.moduleName ?? null })),
    );
  }

  /** Logins (1) or operations (2), newest first, by keyword and time range (milliseconds); one user's own when `userId` is given. */
  /** `t` words the login log's outcomes in the reader's language (they are stored as codes). */
  async list(category: number, query: LogQuery, t: Translate, userId?: string) {
    if (query.startTime !== undefined && query.endTime !== undefined && query.startTime > query.endTime) {
      throw new BusinessError('log.badRange');
    }
    const params = pageParams(query);
    const { list, total } = await new LogRepository(this.db).page(params, {
      category,
      start: query.startTime === undefined ? null : new Date(query.startTime),
      end: query.endTime === undefined ? null : new Date(query.endTime),
      ...(userId ? { userId } : {}),
    });
    return page<LogRow>(
      list.map((l) => {
        const moduleName = l.moduleName ?? l.moduleCode ?? '';
        const description = l.category === 1 ? loginOutcome(l.description, t) : (l.description ?? '');
        return {
          id: l.id,
          category: l.category,
          userId: l.userId ?? '',
          userName: l.realName && l.account ? `${l.realName}/${l.account}` : (l.account ?? ''),
          ipAddress: l.ip ?? '',
          ipAddressName: l.ipName ?? '',
          platForm: l.userAgent ?? '',
          abstracts: description,
          loginMark: l.success ? 1 : 0,
          // Only sign-ins are written to the login log.
          loginType: 0,
          requestMethod: l.requestMethod ?? '',
          requestURL: l.requestUrl ?? '',
          requestDuration: l.durationMs ?? 0,
          creatorTime: toMillis(l.creatorTime) ?? 0,
          moduleName,
          browser: browserOf(l.userAgent),
          objectType: l.objectType ?? '',
          objectId: l.objectId ?? '',
          objectName: l.objectName ?? '',
          changes: l.changes ?? [],
        };
      }),
      total,
      params,
    );
  }
}

/** What the login log stores (oauth.service.ts `logLogin`) and how a reader reads it. */
const loginOutcomes: Record<string, MessageKey> = {
  login: 'log.loginSucceeded',
  'wrong password': 'log.wrongPassword',
  'unknown account': 'log.unknownAccount',
};

function loginOutcome(description: string | null, t: Translate): string {
  const key = description ? loginOutcomes[description] : undefined;
  return key ? t(key) : (description ?? '');
}
