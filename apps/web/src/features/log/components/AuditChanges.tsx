import type { AuditChange, AuditItem, AuditValue, LogRow } from '@platform/shared';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

/** "用户 张三/zhangsan": the kind of object an entry changed and its name. */
export function useObjectLabel() {
  const { t } = useTranslation('log');
  const kinds = t('objects', { returnObjects: true }) as Record<string, string>;
  return (row: LogRow) =>
    row.objectType ? [kinds[row.objectType] ?? row.objectType, row.objectName].filter(Boolean).join(' ') : '';
}

const itemLabel = (item: AuditItem) => item.name ?? item.id;

function Value({ value }: { value: AuditValue | undefined }) {
  const { t } = useTranslation('log');
  if (value === null || value === undefined || value === '') return <span className="audit-empty">{t('empty')}</span>;
  if (typeof value === 'boolean') return <>{value ? t('yes') : t('no')}</>;
  return <>{String(value)}</>;
}

function Items({ items, kind }: { items: AuditItem[] | undefined; kind: 'added' | 'removed' }) {
  const { t } = useTranslation('log');
  if (!items?.length) return null;
  return (
    <span>
      {items.map((item) => (
        <Tag key={item.id} color={kind === 'added' ? 'success' : 'error'} title={item.id}>
          {`${t(kind)}: ${itemLabel(item)}`}
        </Tag>
      ))}
    </span>
  );
}

/**
 * The before/after table of one operation entry: each changed field with its old and new value,
 * and for a list (roles, members, grants) the items removed (old side) and added (new side).
 */
export function AuditChanges({ row }: { row: LogRow }) {
  const { t } = useTranslation('log');
  const objectLabel = useObjectLabel();
  const labels = t('fields', { returnObjects: true }) as Record<string, string>;
  const several = new Set(row.changes.map((change) => change.objectId)).size > 1;
  const columns: ColumnsType<AuditChange> = [
    ...(several ? [{ title: t('object'), dataIndex: 'objectId', key: 'objectId', width: 160 }] : []),
    {
      title: t('field'),
      dataIndex: 'field',
      key: 'field',
      width: 180,
      render: (field: string) => labels[field] ?? field,
    },
    {
      title: t('before'),
      key: 'before',
      render: (_: unknown, change) =>
        change.added || change.removed ? (
          <Items items={change.removed} kind="removed" />
        ) : (
          <Value value={change.before} />
        ),
    },
    {
      title: t('after'),
      key: 'after',
      render: (_: unknown, change) =>
        change.added || change.removed ? <Items items={change.added} kind="added" /> : <Value value={change.after} />,
    },
  ];
  return (
    <div className="audit-changes">
      <div style={{ marginBottom: 8 }}>
        {t('object')}: {objectLabel(row)}
      </div>
      <Table<AuditChange>
        size="small"
        rowKey={(change) => `${change.objectId ?? ''}:${change.field}`}
        columns={columns}
        dataSource={row.changes}
        pagination={false}
      />
    </div>
  );
}
