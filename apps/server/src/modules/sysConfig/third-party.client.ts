/**
 * The WeCom (企业微信) and DingTalk (钉钉) address-book APIs this server uses, against a
 * configurable base URL (the system configuration's qyhApiBase / dingApiBase; the real public
 * hosts by default, a local fake server in tests).
 *
 * WeCom (developer.work.weixin.qq.com): GET cgi-bin/gettoken?corpid&corpsecret,
 * GET cgi-bin/department/list, GET cgi-bin/user/list?department_id, POST cgi-bin/department/create
 * and update, POST cgi-bin/user/create and update; every answer carries errcode (0 = success) and
 * errmsg. DingTalk (open.dingtalk.com): GET gettoken?appkey&appsecret, POST topapi/v2/department/listsub
 * {dept_id}, POST topapi/v2/user/list {dept_id,cursor,size}, POST topapi/v2/department/create and
 * update, POST topapi/v2/user/create and update; the same errcode/errmsg, data under `result`.
 */

export const defaultWeComBase = 'https://qyapi.weixin.qq.com';
export const defaultDingTalkBase = 'https://oapi.dingtalk.com';
/** The root department of both address books. */
export const thirdRootId = '1';
const timeoutMs = 15_000;

/** A failed call: the third party's errcode and errmsg, or what went wrong on the way. */
export class ThirdPartyError extends Error {}

export interface ThirdDepartment {
  id: string;
  parentId: string;
  name: string;
  order: number;
}

export interface ThirdUser {
  id: string;
  name: string;
  mobile: string | null;
  email: string | null;
  departmentIds: string[];
}

/** What a synchronisation sends out for one of our organisations or users. */
export interface OutDepartment {
  thirdId: string | null;
  parentId: string;
  name: string;
  order: number;
}
export interface OutUser {
  thirdId: string | null;
  account: string;
  name: string;
  mobile: string | null;
  email: string | null;
  departmentId: string;
}

export interface ThirdConnector {
  /** Proves the credentials: answers an access token. */
  token(): Promise<string>;
  /** Every department but the root. */
  departments(token: string): Promise<ThirdDepartment[]>;
  /** Every user of these departments, once each. */
  users(token: string, departmentIds: string[]): Promise<ThirdUser[]>;
  /** Creates (thirdId null) or updates a department; answers its id. */
  saveDepartment(token: string, department: OutDepartment): Promise<string>;
  /** Creates (thirdId null) or updates a user; answers its id. */
  saveUser(token: string, user: OutUser): Promise<string>;
}

type Answer = Record<string, unknown> & { errcode?: number; errmsg?: string };

async function call(url: string, init?: { body: unknown }): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init ? 'POST' : 'GET',
      headers: init ? { 'content-type': 'application/json' } : {},
      body: init ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    throw new ThirdPartyError((error as Error).message);
  }
  if (!response.ok) throw new ThirdPartyError(`HTTP ${response.status}`);
  let answer: Answer;
  try {
    answer = (await response.json()) as Answer;
  } catch {
    throw new ThirdPartyError('the answer is not JSON');
  }
  if (typeof answer !== 'object' || answer === null) throw new ThirdPartyError('the answer is not an object');
  if (answer.errcode !== undefined && answer.errcode !== 0) {
    throw new ThirdPartyError(`${answer.errcode} ${answer.errmsg ?? ''}`.trim());
  }
  return answer;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object') : [];
const trimBase = (base: string) => base.replace(/\/+$/, '');

export function weComConnector(base: string, corpId: string, secret: string): ThirdConnector {
  const root = trimBase(base);
  const at = (path: string, token: string, query = '') =>
    `${root}/cgi-bin/${path}?access_token=${encodeURIComponent(token)}${query}`;
  return {
    async token() {
      const answer = await call(
        `${root}/cgi-bin/gettoken?corpid=${encodeURIComponent(corpId)}&corpsecret=${encodeURIComponent(secret)}`,
      );
      const token = text(answer.access_token);
      if (!token) throw new ThirdPartyError('no access_token');
      return token;
    },
    async departments(token) {
      const answer = await call(at('department/list', token));
      return list(answer.department)
        .filter((d) => String(d.id) !== thirdRootId)
        .map((d) => ({
          id: String(d.id),
          parentId: String(d.parentid ?? thirdRootId),
          name: String(d.name ?? ''),
          order: Number(d.order ?? 0),
        }));
    },
    async users(token, departmentIds) {
      const found = new Map<string, ThirdUser>();
      for (const id of departmentIds) {
        const answer = await call(at('user/list', token, `&department_id=${encodeURIComponent(id)}`));
        for (const u of list(answer.userlist)) {
          const userId = String(u.userid ?? '');
          if (!userId || found.has(userId)) continue;
          const departments = Array.isArray(u.department) ? u.department.map(String) : [];
          const main = u.main_department === undefined ? null : String(u.main_department);
          found.set(userId, {
            id: userId,
            name: String(u.name ?? userId),
            mobile: text(u.mobile),
            email: text(u.email),
            departmentIds: main ? [main, ...departments.filter((d: string) => d !== main)] : departments,
          });
        }
      }
      return [...found.values()];
    },
    async saveDepartment(token, d) {
      const body = { name: d.name, parentid: Number(d.parentId), order: d.order };
      if (d.thirdId) {
        await call(at('department/update', token), { body: { id: Number(d.thirdId), ...body } });
        return d.thirdId;
      }
      const answer = await call(at('department/create', token), { body });
      if (answer.id === undefined) throw new ThirdPartyError('no department id');
      return String(answer.id);
    },
    async saveUser(token, u) {
      const body = {
        userid: u.thirdId ?? u.account,
        name: u.name,
        department: [Number(u.departmentId)],
        ...(u.mobile ? { mobile: u.mobile } : {}),
        ...(u.email ? { email: u.email } : {}),
      };
      await call(at(u.thirdId ? 'user/update' : 'user/create', token), { body });
      return body.userid;
    },
  };
}

export function dingTalkConnector(base: string, appKey: string, appSecret: string): ThirdConnector {
  const root = trimBase(base);
  const at = (path: string, token: string) => `${root}/topapi/v2/${path}?access_token=${encodeURIComponent(token)}`;
  return {
    async token() {
      const answer = await call(
        `${root}/gettoken?appkey=${encodeURIComponent(appKey)}&appsecret=${encodeURIComponent(appSecret)}`,
      );
      const token = text(answer.access_token);
      if (!token) throw new ThirdPartyError('no access_token');
      return token;
    },
    async departments(token) {
      // listsub answers one level: walk down from the root.
      const found: ThirdDepartment[] = [];
      const queue = [thirdRootId];
      while (queue.length > 0 && found.length < 50_000) {
        const parent = queue.shift() as string;
        const answer = await call(at('department/listsub', token), { body: { dept_id: Number(parent) } });
        for (const d of list(answer.result)) {
          const id = String(d.dept_id);
          found.push({ id, parentId: String(d.parent_id ?? parent), name: String(d.name ?? ''), order: found.length });
          queue.push(id);
        }
      }
      return found;
    },
    async users(token, departmentIds) {
      const found = new Map<string, ThirdUser>();
      for (const id of departmentIds) {
        let cursor = 0;
        for (let pages = 0; pages < 10_000; pages++) {
          const answer = await call(at('user/list', token), { body: { dept_id: Number(id), cursor, size: 100 } });
          const result = (answer.result ?? {}) as Record<string, unknown>;
          for (const u of list(result.list)) {
            const userId = String(u.userid ?? '');
            if (!userId || found.has(userId)) continue;
            found.set(userId, {
              id: userId,
              name: String(u.name ?? userId),
              mobile: text(u.mobile),
              email: text(u.email),
              departmentIds: Array.isArray(u.dept_id_list) ? u.dept_id_list.map(String) : [id],
            });
          }
          if (result.has_more !== true) break;
          cursor = Number(result.next_cursor ?? 0);
        }
      }
      return [...found.values()];
    },
    async saveDepartment(token, d) {
      const body = { name: d.name, parent_id: Number(d.parentId), order: d.order };
      if (d.thirdId) {
        await call(at('department/update', token), { body: { dept_id: Number(d.thirdId), ...body } });
        return d.thirdId;
      }
      const answer = await call(at('department/create', token), { body });
      const result = (answer.result ?? {}) as Record<string, unknown>;
      if (result.dept_id === undefined) throw new ThirdPartyError('no dept_id');
      return String(result.dept_id);
    },
    async saveUser(token, u) {
      const body = {
        userid: u.thirdId ?? u.account,
        name: u.name,
        dept_id_list: u.departmentId,
        ...(u.mobile ? { mobile: u.mobile } : {}),
        ...(u.email ? { email: u.email } : {}),
      };
      await call(at(u.thirdId ? 'user/update' : 'user/create', token), { body });
      return body.userid;
    },
  };
}
