import {
  barcodeText,
  type CurrentUserInfo,
  DEFAULT_DATE_TIME_FORMAT,
  type FormField,
  qrcodeText,
} from '@platform/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import Input from 'antd/es/input';
import { lazy, Suspense } from 'react';
import { useSession } from '../../session/store.ts';
import { useFormEngineTranslation } from '../i18n.ts';
import { useFormEnginePlugins } from '../plugins.tsx';
import { type FormStore, useFieldValues } from '../store.ts';
import { dateText } from './dates.tsx';
import type { ViewProps, WidgetProps } from './types.ts';

const BarcodeImage = lazy(() => import('./BarcodeImage.tsx'));
const QrImage = lazy(() => import('./QrImage.tsx'));

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown, fallback?: number): number | undefined => (typeof v === 'number' ? v : fallback);

/** The text a display kind carries: `content`, `__slot__.default` or the label. */
function contentOf(field: FormField): string {
  return str(field.content ?? field.__slot__?.default ?? field.__config__.label);
}

export function DividerWidget({ field }: { field: FormField }) {
  const text = contentOf(field);
  const position = field.contentPosition === 'left' ? 'start' : field.contentPosition === 'right' ? 'end' : 'center';
  return <Divider titlePlacement={position}>{text || null}</Divider>;
}

export function TextWidget({ field }: { field: FormField }) {
  const style = (field.textStyle ?? field.style ?? {}) as Record<string, string>;
  return (
    <div className="fe-text" style={style}>
      {contentOf(field)}
    </div>
  );
}

/** link: only http(s), mailto and tel addresses are followed; anything else renders as text. */
export function LinkWidget({ field }: { field: FormField }) {
  const href = str(field.href);
  const safe = /^(https?:|mailto:|tel:|\/)/i.test(href);
  const target = field.target === '_self' ? '_self' : '_blank';
  return safe ? (
    <a href={href} target={target} rel="noopener noreferrer" className="fe-link">
      {contentOf(field)}
    </a>
  ) : (
    <span className="fe-link">{contentOf(field)}</span>
  );
}

export function AlertWidget({ field }: { field: FormField }) {
  const type = ['success', 'info', 'warning', 'error'].includes(str(field.type))
    ? (field.type as 'success' | 'info' | 'warning' | 'error')
    : 'info';
  return (
    <Alert
      title={str(field.title) || contentOf(field)}
      description={str(field.description) || undefined}
      type={type}
      showIcon={!!field.showIcon}
      closable={!!field.closable}
    />
  );
}

export function GroupTitleWidget({ field }: { field: FormField }) {
  const help = str(field.helpMessage ?? field.__config__.tipLabel);
  return (
    <div className="fe-group-title" style={{ textAlign: (str(field.contentPosition) || 'left') as 'left' }}>
      {contentOf(field)}
      {help ? (
        <span className="fe-tip" role="img" aria-label={help} title={help}>
          ?
        </span>
      ) : null}
    </div>
  );
}

/** button: a labelled button; its click events are data the page handles, never stored code. */
export function ButtonWidget({ field }: { field: FormField }) {
  const type = ['primary', 'default', 'dashed', 'link', 'text'].includes(str(field.buttonType ?? field.type))
    ? (str(field.buttonType ?? field.type) as 'primary')
    : 'default';
  return (
    <div style={{ textAlign: (str(field.align) || 'left') as 'left' }}>
      <Button type={type} disabled={!!field.disabled}>
        {str(field.buttonText) || contentOf(field)}
      </Button>
    </div>
  );
}

/** iframe: href, height 300, border 1px solid #E2E0E0 by default (widgets.md §3, §9). */
export function IframeWidget({ field }: { field: FormField }) {
  const href = str(field.href);
  if (!/^https?:\/\//i.test(href) && !href.startsWith('/')) return null;
  const border = `${num(field.borderWidth, 1)}px ${str(field.borderType) || 'solid'} ${str(field.borderColor) || '#E2E0E0'}`;
  return (
    <iframe
      src={href}
      title={contentOf(field) || href}
      sandbox="allow-scripts allow-forms allow-popups"
      style={{ width: '100%', height: num(field.height, 300), border }}
    />
  );
}

/** The form values a barcode/QR relation reads, subscribed only to that field. */
function useRelation(store: FormStore, field: FormField, row?: Record<string, unknown>): Record<string, unknown> {
  const relation = str(field.relationField);
  const [value] = useFieldValues(store, relation && !row ? [relation] : []);
  if (!relation) return {};
  return { [relation]: row ? row[relation] : value };
}

/** barcode: static or related text, drawn only when alphanumeric (widgets.md §5). */
export function BarcodeWidget({
  field,
  store,
  row,
}: {
  field: FormField;
  store: FormStore;
  row?: Record<string, unknown>;
}) {
  const data = useRelation(store, field, row);
  const text = barcodeText(
    {
      dataType: field.dataType === 'relation' ? 'relation' : 'static',
      staticText: str(field.staticText),
      relationField: str(field.relationField),
    },
    data,
  );
  if (!text) return null;
  return (
    <Suspense fallback={null}>
      <BarcodeImage
        text={text}
        format={str(field.format) || undefined}
        width={num(field.width)}
        height={num(field.height)}
        lineColor={str(field.lineColor) || undefined}
        background={str(field.background) || undefined}
      />
    </Suspense>
  );
}

/** qrcode: static, related, or the dynamic payload of the current record (empty without id or model id). */
export function QrcodeWidget({
  field,
  store,
  row,
}: {
  field: FormField;
  store: FormStore;
  row?: Record<string, unknown>;
}) {
  const data = useRelation(store, field, row);
  const dataType = field.dataType === 'relation' || field.dataType === 'dynamic' ? field.dataType : 'static';
  const text = qrcodeText(
    { dataType, staticText: str(field.staticText), relationField: str(field.relationField) },
    data,
    store.context,
  );
  if (!text) return null;
  return (
    <Suspense fallback={null}>
      <QrImage
        text={text}
        size={num(field.width)}
        color={str(field.colorDark) || undefined}
        bgColor={str(field.colorLight) || undefined}
      />
    </Suspense>
  );
}

// ---------------------------------------------------------------------------------------------- auto-filled

/**
 * The auto-filled kinds: read-only, the value the server set on save. Before the first save (a
 * new record, a flow's launch) they show what the save will fill in for the signed-in user
 * (widgets.md §3), unless the record will be nobody's (`context.anonymous`: a short link); the
 * server fills them itself, whatever the form sends. A bill number is only
 * taken on save, so it and the modify fields keep the hint until then.
 */
export function AutoWidget({ field, value, id, store }: WidgetProps) {
  const { t } = useFormEngineTranslation();
  const user = useSession((state) => state.userInfo);
  const filling = store.isNew && store.context.anonymous !== true;
  const text = autoText(field, value) || (filling ? pendingAutoText(field, user, new Date()) : '');
  return <Input id={id} value={text} readOnly placeholder={t('autoFilled')} />;
}

/** What an auto-filled field will hold once `user` saves a new record at `now` ('' when only the save knows). */
export function pendingAutoText(field: FormField, user: CurrentUserInfo | null, now: Date): string {
  if (!user) return '';
  switch (field.__config__.jnpfKey) {
    case 'createUser':
      return `${user.userName}/${user.userAccount}`;
    case 'createTime':
      return dateText(now.getTime(), DEFAULT_DATE_TIME_FORMAT);
    case 'currOrganize':
    case 'currDept':
      return user.organizeName;
    case 'currPosition':
      return user.positionName;
    default:
      return '';
  }
}

export function autoText(field: FormField, value: unknown): string {
  const key = field.__config__.jnpfKey;
  if ((key === 'createTime' || key === 'modifyTime') && value !== null && value !== undefined && value !== '') {
    return dateText(value, DEFAULT_DATE_TIME_FORMAT);
  }
  return Array.isArray(value) ? value.map(str).join('/') : str(value);
}

export function AutoView({ field, value }: ViewProps) {
  return <>{autoText(field, value)}</>;
}

// ---------------------------------------------------------------------------------------------- rich text

const FallbackEditor = ({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
}) => <Input.TextArea id={id} value={value} autoSize={{ minRows: 6 }} onChange={(e) => onChange?.(e.target.value)} />;

/** editor: the app's rich-text editor (from the provider, loaded on first use); sanitised on display. */
export function EditorWidget({ field, value, onChange, disabled, id }: WidgetProps) {
  const slot = useFormEnginePlugins().richText;
  if (disabled)
    return <EditorView value={value} field={{ __config__: { jnpfKey: 'editor' } }} store={undefined as never} />;
  const Editor = slot?.Editor ?? FallbackEditor;
  return (
    <div className="fe-editor" style={{ minHeight: 120 }}>
      <Suspense fallback={null}>
        <Editor
          id={id}
          label={str(field.__config__.label)}
          placeholder={str(field.placeholder) || undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(html) => onChange(html)}
        />
      </Suspense>
    </div>
  );
}

export function EditorView({ value }: ViewProps) {
  const Html = useFormEnginePlugins().richText?.Html;
  const html = typeof value === 'string' ? value : '';
  if (!html) return null;
  return Html ? (
    <Suspense fallback={null}>
      <Html html={html} className="fe-editor-view" />
    </Suspense>
  ) : (
    <div className="fe-editor-view">{html.replace(/<[^>]*>/g, '')}</div>
  );
}

export function SignatureView({ value }: ViewProps) {
  const { t } = useFormEngineTranslation();
  const src = typeof value === 'string' ? value : '';
  return src && /^(data:image\/|\/|https?:)/.test(src) ? (
    <img src={src} alt={t('signature.image')} className="fe-signature-img" />
  ) : null;
}
