import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A WeCom and DingTalk address book on 127.0.0.1 speaking the subset of their documented APIs the
 * server uses (see third-party.client.ts): gettoken, department and user listing, creating and
 * updating. Every answer carries errcode/errmsg as theirs do. Tests change `weCom` / `dingTalk`.
 */
export interface FakeDepartment {
  id: number;
  name: string;
  parentId: number;
  order?: number;
}
export interface FakeUser {
  userid: string;
  name: string;
  departments: number[];
  mobile?: string;
  email?: string;
}
interface Book {
  credentials: { id: string; secrets: string[] };
  departments: FakeDepartment[];
  users: FakeUser[];
}

export interface FakeThirdParty {
  url: string;
  weCom: Book;
  dingTalk: Book;
  /** Every request path received, in order. */
  requests: string[];
  close(): Promise<void>;
}

const weComToken = 'qy-token';
const dingTalkToken = 'ding-token';

export async function fakeThirdParty(): Promise<FakeThirdParty> {
  const state: Omit<FakeThirdParty, 'url' | 'close'> = {
    weCom: { credentials: { id: 'corp1', secrets: ['agent-secret', 'corp-secret'] }, departments: [], users: [] },
    dingTalk: { credentials: { id: 'app-key', secrets: ['app-secret'] }, departments: [], users: [] },
    requests: [],
  };
  let nextId = 1000;

  const answer = (res: ServerResponse, body: Record<string, unknown>) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ errcode: 0, errmsg: 'ok', ...body }));
  };
  const body = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };

  async function weCom(url: URL, req: IncomingMessage, res: ServerResponse) {
    const book = state.weCom;
    const path = url.pathname.replace(/^\/cgi-bin\//, '');
    if (path === 'gettoken') {
      const ok =
        url.searchParams.get('corpid') === book.credentials.id &&
        book.credentials.secrets.includes(url.searchParams.get('corpsecret') ?? '');
      return ok
        ? answer(res, { access_token: weComToken, expires_in: 7200 })
        : answer(res, { errcode: 40001, errmsg: 'invalid credential' });
    }
    if (url.searchParams.get('access_token') !== weComToken)
      return answer(res, { errcode: 40014, errmsg: 'invalid access_token' });
    if (path === 'department/list') {
      return answer(res, {
        department: book.departments.map((d) => ({
          id: d.id,
          name: d.name,
          parentid: d.parentId,
          order: d.order ?? 0,
        })),
      });
    }
    if (path === 'user/list') {
      const id = Number(url.searchParams.get('department_id'));
      return answer(res, {
        userlist: book.users
          .filter((u) => u.departments.includes(id))
          .map((u) => ({
            userid: u.userid,
            name: u.name,
            department: u.departments,
            mobile: u.mobile,
            email: u.email,
          })),
      });
    }
    const sent = await body(req);
    if (path === 'department/create' || path === 'department/update') {
      if (!book.departments.some((d) => d.id === Number(sent.parentid))) {
        return answer(res, { errcode: 60004, errmsg: 'parent department not found' });
      }
      const existing = book.departments.find((d) => d.id === Number(sent.id));
      if (path === 'department/update') {
        if (!existing) return answer(res, { errcode: 60003, errmsg: 'department not found' });
        Object.assign(existing, { name: String(sent.name), parentId: Number(sent.parentid) });
        return answer(res, {});
      }
      const id = nextId++;
      book.departments.push({ id, name: String(sent.name), parentId: Number(sent.parentid) });
      return answer(res, { id });
    }
    if (path === 'user/create' || path === 'user/update') {
      const existing = book.users.find((u) => u.userid === sent.userid);
      if (path === 'user/create' && existing) return answer(res, { errcode: 60102, errmsg: 'userid existed' });
      if (path === 'user/update' && !existing) return answer(res, { errcode: 60111, errmsg: 'userid not found' });
      const user = {
        userid: String(sent.userid),
        name: String(sent.name),
        departments: (sent.department as number[]) ?? [1],
        mobile: sent.mobile as string | undefined,
        email: sent.email as string | undefined,
      };
      if (existing) Object.assign(existing, user);
      else book.users.push(user);
      return answer(res, {});
    }
    res.writeHead(404).end();
  }

  async function dingTalk(url: URL, req: IncomingMessage, res: ServerResponse) {
    const book = state.dingTalk;
    if (url.pathname === '/gettoken') {
      const ok =
        url.searchParams.get('appkey') === book.credentials.id &&
        book.credentials.secrets.includes(url.searchParams.get('appsecret') ?? '');
      return ok
        ? answer(res, { access_token: dingTalkToken, expires_in: 7200 })
        : answer(res, { errcode: 40089, errmsg: '不合法的corpid或corpsecret' });
    }
    if (url.searchParams.get('access_token') !== dingTalkToken)
      return answer(res, { errcode: 88, errmsg: 'invalid token' });
    const path = url.pathname.replace(/^\/topapi\/v2\//, '');
    const sent = await body(req);
    if (path === 'department/listsub') {
      const parent = Number(sent.dept_id ?? 1);
      return answer(res, {
        result: book.departments
          .filter((d) => d.parentId === parent)
          .map((d) => ({ dept_id: d.id, name: d.name, parent_id: d.parentId })),
      });
    }
    if (path === 'user/list') {
      const dept = Number(sent.dept_id);
      const cursor = Number(sent.cursor ?? 0);
      const size = Math.min(100, Number(sent.size ?? 100));
      const all = book.users.filter((u) => u.departments.includes(dept));
      const page = all.slice(cursor, cursor + size);
      return answer(res, {
        result: {
          has_more: cursor + size < all.length,
          ...(cursor + size < all.length ? { next_cursor: cursor + size } : {}),
          list: page.map((u) => ({
            userid: u.userid,
            name: u.name,
            dept_id_list: u.departments,
            mobile: u.mobile,
            email: u.email,
          })),
        },
      });
    }
    if (path === 'department/create' || path === 'department/update') {
      if (!(Number(sent.parent_id) === 1 || book.departments.some((d) => d.id === Number(sent.parent_id)))) {
        return answer(res, { errcode: 60004, errmsg: 'parent department not found' });
      }
      if (path === 'department/update') {
        const existing = book.departments.find((d) => d.id === Number(sent.dept_id));
        if (!existing) return answer(res, { errcode: 60003, errmsg: 'department not found' });
        Object.assign(existing, { name: String(sent.name), parentId: Number(sent.parent_id) });
        return answer(res, { result: {} });
      }
      const id = nextId++;
      book.departments.push({ id, name: String(sent.name), parentId: Number(sent.parent_id) });
      return answer(res, { result: { dept_id: id } });
    }
    if (path === 'user/create' || path === 'user/update') {
      // DingTalk requires a mobile number for a new member.
      if (path === 'user/create' && !sent.mobile) return answer(res, { errcode: 40022, errmsg: 'mobile is required' });
      const existing = book.users.find((u) => u.userid === sent.userid);
      const user = {
        userid: String(sent.userid),
        name: String(sent.name),
        departments: String(sent.dept_id_list ?? '1')
          .split(',')
          .map(Number),
        mobile: sent.mobile as string | undefined,
      };
      if (existing) Object.assign(existing, user);
      else book.users.push(user);
      return answer(res, { result: { userid: user.userid } });
    }
    res.writeHead(404).end();
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    state.requests.push(url.pathname);
    const handle = url.pathname.startsWith('/qy/') ? weCom : dingTalk;
    const local = new URL(url.pathname.replace(/^\/(qy|ding)\//, '/') + url.search, 'http://127.0.0.1');
    handle(local, req, res).catch((error: Error) => {
      res.writeHead(500).end(error.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...state,
    get weCom() {
      return state.weCom;
    },
    get dingTalk() {
      return state.dingTalk;
    },
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
