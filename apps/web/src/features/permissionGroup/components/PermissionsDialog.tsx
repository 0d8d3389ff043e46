import type { PermissionTreeNode } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Tree, { type DataNode } from 'antd/es/tree';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useComponentsTranslation } from '../../../shared/components/index.ts';
import { permissionGroupsAddress } from '../access.ts';
import { type PermissionObjectType, permissionGroupApi } from '../api.ts';
import '../permission-group.css';

/** The object a "permissions" view is about. */
export interface PermissionsTarget {
  id: string;
  fullName: string;
  objectType: PermissionObjectType;
}

function GrantedTree({ target, permissionId }: { target: PermissionsTarget; permissionId: string }) {
  const { t } = useTranslation('permissionGroup');
  const { t: c } = useComponentsTranslation();
  const tree = useQuery({
    queryKey: ['permissionGroup', 'granted', target.objectType, target.id, permissionId],
    queryFn: () => permissionGroupApi.permissionOf(target.id, target.objectType, permissionId),
    retry: false,
  });
  const toData = (nodes: readonly PermissionTreeNode[]): DataNode[] =>
    nodes.map((node) => ({
      key: node.id,
      title: (
        <>
          {node.fullName}
          {node.type !== 'module' && node.type !== 'system' ? (
            <Tag style={{ marginLeft: 6 }}>{t(`nodeTypes.${node.type}`, { defaultValue: node.type })}</Tag>
          ) : null}
        </>
      ),
      children: node.children.length ? toData(node.children) : undefined,
    }));
  if (tree.isLoading) return <Spin />;
  if (!tree.data?.list.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={c('empty')} />;
  return <Tree blockNode selectable={false} defaultExpandAll treeData={toData(tree.data.list)} />;
}

/**
 * 权限 of an organisation, user, role, position or user group: the enabled permission groups that
 * reach it, and what the chosen one grants (read-only). No group: its permissions are not switched on.
 * What it holds is granted on the permission group page: the dialog leads there, to the chosen
 * group (its list searched by the group's name) or to the list to add it to one.
 */
export function PermissionsDialog({ target, onClose }: { target: PermissionsTarget | null; onClose: () => void }) {
  const { t } = useTranslation('permissionGroup');
  const { t: c } = useComponentsTranslation();
  const [chosen, setChosen] = useState<string>();
  const groups = useQuery({
    queryKey: ['permissionGroup', 'of', target?.objectType, target?.id],
    queryFn: () => permissionGroupApi.groupsOf(target?.id ?? '', target?.objectType ?? 'user'),
    enabled: Boolean(target),
    gcTime: 0,
    retry: false,
  });
  const list = groups.data?.list ?? [];
  const current = list.find((g) => g.id === chosen) ?? list[0];
  const close = () => {
    setChosen(undefined);
    onClose();
  };
  const navigate = useNavigate();
  const grantIn = (groupName?: string) => {
    close();
    navigate(`/${permissionGroupsAddress}${groupName ? `?keyword=${encodeURIComponent(groupName)}` : ''}`);
  };
  return (
    <Modal
      open={Boolean(target)}
      width={800}
      title={target ? t('permissionsOf', { name: target.fullName }) : ''}
      destroyOnHidden
      footer={
        <>
          <Button type="primary" onClick={() => grantIn(current?.fullName)}>
            {current ? t('grantInGroup', { name: current.fullName }) : t('grantInGroups')}
          </Button>
          <Button onClick={close}>{c('close')}</Button>
        </>
      }
      onCancel={close}
    >
      {groups.isLoading ? (
        <Spin />
      ) : groups.data?.type === 0 || !current || !target ? (
        <Empty description={t('notSwitchedOn')} />
      ) : (
        <div className="permission-view">
          <nav className="permission-view-groups" aria-label={t('groups')}>
            {list.map((group) => (
              <Button
                key={group.id}
                block
                type={group.id === current.id ? 'primary' : 'text'}
                aria-pressed={group.id === current.id}
                onClick={() => setChosen(group.id)}
              >
                {group.fullName}
              </Button>
            ))}
          </nav>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box the keyboard must reach (WCAG 2.1.1) */}
          <section className="permission-view-tree" aria-label={current.fullName} tabIndex={0}>
            <GrantedTree key={current.id} target={target} permissionId={current.id} />
          </section>
        </div>
      )}
    </Modal>
  );
}
