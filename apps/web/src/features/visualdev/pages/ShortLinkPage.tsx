import type { ColumnDefinition, FormDefinition, ShortLinkKind } from '@platform/shared';
import { columnWidth } from '@platform/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import { type DependencyList, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListTable } from '../../../shared/components/index.ts';
import { FormRenderer, FormStore } from '../../../shared/form-engine/index.ts';
import { useToast } from '../../../shared/toast.tsx';
import { type RecordRow, shortLinkApi } from '../api.ts';
import { cellText } from '../record-list.ts';
import './short-link.css';

const newCaptchaKey = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const captchaUrl = (key: string) => `/api/file/ImageCode/${key}`;

/** What `load` answers, reloaded when `deps` change; a failed load keeps its error. */
function useLoaded<T>(load: () => Promise<T> | null, deps: DependencyList) {
  const [state, setState] = useState<{ data?: T; error?: unknown; isLoading: boolean }>({ isLoading: true });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the load depends on
  useEffect(() => {
    const pending = load();
    if (!pending) return;
    let live = true;
    setState((now) => ({ ...now, isLoading: true }));
    pending.then(
      (data) => live && setState({ data, isLoading: false }),
      (error: unknown) => live && setState({ error, isLoading: false }),
    );
    return () => {
      live = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, isError: state.error !== undefined, reload };
}

/**
 * /formShortLink?modelId=…&type=form|list (shell.md 2.1, open without signing in): a generated
 * form's public form to fill or its public list, as its short link allows, after its password when
 * it has one. The server refuses what is not enabled; the page shows that message.
 */
export default function ShortLinkPage() {
  // Open routes render outside the signed-in providers; the form's widgets read through a query client.
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <PublicPage />
    </QueryClientProvider>
  );
}

function PublicPage() {
  const { t } = useTranslation('visualdev');
  const toast = useToast();
  const [params] = useSearchParams();
  const modelId = params.get('modelId') ?? '';
  const type: ShortLinkKind = params.get('type') === 'list' ? 'list' : 'form';
  const [password, setPassword] = useState<string>();
  const [typed, setTyped] = useState('');
  const [sent, setSent] = useState(false);
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  // The image captcha every submit answers (the login's own, /api/file/ImageCode/{key}); one attempt each.
  const [captchaKey, setCaptchaKey] = useState(newCaptchaKey);
  const [code, setCode] = useState('');

  // Open routes render outside the signed-in providers (no query client): plain effects load here.
  const config = useLoaded(
    () => (modelId ? shortLinkApi.config(modelId, type, password) : null),
    [modelId, type, password],
  );
  const open = !!config.data?.formData;
  const form = useMemo(
    () => (open ? (JSON.parse(config.data?.formData ?? '{}') as FormDefinition) : null),
    [open, config.data],
  );
  // A link's record is nobody's (the server saves it without a creator): its system fields keep the hint.
  const store = useMemo(
    () => (form && type === 'form' ? Object.assign(new FormStore(form, {}), { context: { anonymous: true } }) : null),
    [form, type],
  );
  const list = useMemo(
    () => (open && type === 'list' ? (JSON.parse(config.data?.columnData ?? '{}') as ColumnDefinition) : null),
    [open, type, config.data],
  );
  const rows = useLoaded(
    () => (list ? shortLinkApi.list(modelId, { ...page, ...(password ? { password } : {}) }) : null),
    [list, modelId, password, page],
  );

  if (!modelId || config.isError) return <Result status="warning" title={t('link.closed')} />;
  if (!config.data) return <Spin className="shell-page-loading" />;

  const title = config.data.fullName;
  if (!open)
    return (
      <Card title={title} className="short-link-card">
        <Space.Compact style={{ width: '100%' }}>
          <Input.Password
            aria-label={t('link.password')}
            placeholder={t('link.password')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <Button
            type="primary"
            onClick={async () => {
              try {
                await shortLinkApi.check(modelId, type, typed);
                setPassword(typed);
              } catch {
                // the request layer shows 密码错误
              }
            }}
          >
            {t('ok')}
          </Button>
        </Space.Compact>
      </Card>
    );

  if (store)
    return sent ? (
      <Result status="success" title={t('link.sent')} />
    ) : (
      <Card title={title} className="short-link-card">
        <FormRenderer store={store} mode="edit" />
        <div className="short-link-captcha">
          <Input
            aria-label={t('link.captcha')}
            placeholder={t('link.captcha')}
            value={code}
            maxLength={20}
            autoComplete="off"
            onChange={(e) => setCode(e.target.value)}
          />
          <button
            type="button"
            className="short-link-captcha-image"
            title={t('link.captchaAlt')}
            onClick={() => setCaptchaKey(newCaptchaKey())}
          >
            <img src={captchaUrl(captchaKey)} alt={t('link.captchaAlt')} />
          </button>
        </div>
        <Button
          type="primary"
          onClick={async () => {
            if (!store.validate()) {
              toast.error(t('invalid'));
              return;
            }
            if (!code.trim()) {
              toast.error(t('link.captcha'));
              return;
            }
            try {
              await shortLinkApi.submit(modelId, store.getValues(), { password, code, timestamp: captchaKey });
              setSent(true);
            } catch {
              // The request layer shows the server's message; what was typed stays, the captcha was used up.
              setCaptchaKey(newCaptchaKey());
              setCode('');
            }
          }}
        >
          {t('link.submit')}
        </Button>
      </Card>
    );

  return (
    <Card title={title}>
      <ListTable
        rowKey="id"
        size="small"
        dataSource={rows.data?.list ?? []}
        loading={rows.isLoading}
        error={rows.error}
        onRetry={rows.reload}
        columns={(list?.columnList ?? []).map((c) => ({
          title: c.label,
          dataIndex: c.prop,
          key: c.prop,
          width: columnWidth(c.width) ?? 150,
          render: (_: unknown, row: RecordRow) => cellText(row, c.prop, false),
        }))}
        paging={{
          ...page,
          total: rows.data?.pagination.total ?? 0,
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
      />
    </Card>
  );
}
