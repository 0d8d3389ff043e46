import type { DictionaryDataInfo, DictionaryDataInput } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import TreeSelect from 'antd/es/tree-select';
import { useTranslation } from 'react-i18next';
import {
  type CrudFormProps,
  RecordFormDialog,
  type RecordValues,
  treeOptions,
} from '../../../shared/components/index.ts';
import { dictionaryApi } from '../api.ts';

interface EntryValues extends RecordValues {
  parentId?: string;
}

/**
 * The entry dialog (600 px, admin.md 2.3): parent item, dictionary name and code, sort, state
 * switch, description. The parent picker's first node is the category itself (a new entry's
 * parent); chosen, it is sent as '0', the top (admin.md section 5).
 */
export function EntryForm({
  typeId,
  isTree,
  ...props
}: CrudFormProps<{ id?: string }> & { typeId: string; isTree: number }) {
  const { t } = useTranslation('dictionary');
  const editedId = props.target?.id;
  const parents = useQuery({
    queryKey: ['dictionary', 'entrySelector', typeId, editedId],
    queryFn: () => dictionaryApi.entrySelector(typeId, editedId, isTree),
    enabled: Boolean(props.target),
    gcTime: 0,
  });
  return (
    <RecordFormDialog<EntryValues, DictionaryDataInfo, DictionaryDataInput, { id?: string }>
      {...props}
      queryKey={['dictionary', 'entryInfo']}
      api={{ info: dictionaryApi.entryInfo, create: dictionaryApi.createEntry, update: dictionaryApi.updateEntry }}
      toValues={(row) => ({
        ...row,
        enabled: row.enabledMark === 1,
        parentId: row.parentId === '0' ? typeId : row.parentId,
      })}
      toInput={(values) => ({
        dictionaryTypeId: typeId,
        parentId: !values.parentId || values.parentId === typeId ? '0' : values.parentId,
      })}
      initialValues={{ parentId: typeId }}
      titles={[t('addEntry'), t('editEntry')]}
      labels={[t('entryName'), t('entryCode')]}
      lead={
        <Form.Item name="parentId" label={t('parent')} rules={[{ required: true, message: t('rules.parentSelect') }]}>
          <TreeSelect
            treeData={treeOptions(parents.data ?? [])}
            loading={parents.isLoading}
            disabled={isTree !== 1}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
          />
        </Form.Item>
      }
    />
  );
}
