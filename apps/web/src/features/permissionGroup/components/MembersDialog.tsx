import { type PermissionMember, type PermissionMemberType, permissionMemberSuffixOf } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PickedItem, SelectorDialog, useSuccessToast } from '../../../shared/components/index.ts';
import { permissionGroupApi } from '../api.ts';

export interface GroupTarget {
  id: string;
  fullName: string;
}

/** A member as the mixed picker shows it: its typed id, and organisations under the 部门 heading. */
export function pickedOf(member: PermissionMember): PickedItem {
  const suffix = permissionMemberSuffixOf[member.type as PermissionMemberType] ?? member.type.toLowerCase();
  return {
    id: `${member.id}--${suffix}`,
    fullName: member.fullName,
    type: suffix === 'organize' ? 'department' : suffix,
  };
}

/**
 * 权限成员: the group's users, roles, positions, organisations and user groups in the mixed picker
 * (widgets.md §2); confirming replaces them all.
 */
export function MembersDialog({
  group,
  onClose,
  onSaved,
}: {
  group: GroupTarget | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('permissionGroup');
  const success = useSuccessToast();
  const [saving, setSaving] = useState(false);
  const members = useQuery({
    queryKey: ['permissionGroup', 'members', group?.id],
    queryFn: () => permissionGroupApi.members(group?.id ?? ''),
    enabled: Boolean(group),
    gcTime: 0,
    retry: false,
  });
  const value = useMemo(() => (members.data?.list ?? []).map(pickedOf), [members.data]);
  if (!group || !members.data) return null;
  const save = async (items: PickedItem[]) => {
    if (saving) return;
    setSaving(true);
    try {
      success(
        await permissionGroupApi.saveMembers(
          group.id,
          items.map((item) => item.id),
        ),
      );
      onSaved();
      onClose();
    } catch {
      // shown by the request layer; the dialog stays open
    } finally {
      setSaving(false);
    }
  };
  return (
    <SelectorDialog
      kind="users"
      open
      multiple
      title={t('membersOf', { name: group.fullName })}
      value={value}
      onOk={(items) => void save(items)}
      onCancel={onClose}
    />
  );
}
