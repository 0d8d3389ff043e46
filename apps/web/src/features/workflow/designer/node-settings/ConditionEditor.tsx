import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { FormDataField } from '@platform/shared';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';

export const symbols = ['>=', '>', '==', '<=', '<', '<>', 'like', 'notLike'] as const;

/** A new condition: a form field compared with a fixed value. */
const newCondition = () => ({ fieldType: 1, field: undefined, symbol: '==', fieldValueType: 2, fieldValue: '' });

/** 条件: groups of field conditions, joined by the node's logic, each group by its own. */
export function ConditionEditor({ fields }: { fields: readonly FormDataField[] }) {
  const { t } = useTranslation('workflow');
  const fieldOptions = fields.map((f) => ({ value: f.vModel, label: f.label }));
  return (
    <>
      <Form.Item name="matchLogic" label={t('props.matchLogic')}>
        <Radio.Group
          options={[
            { value: 'and', label: t('props.and') },
            { value: 'or', label: t('props.or') },
          ]}
        />
      </Form.Item>
      <Form.List name="conditions">
        {(groups, groupOps) => (
          <>
            {groups.map((group, gi) => (
              <div className="wf-condition-group" key={group.key}>
                <Space className="wf-condition-head">
                  <span>{t('props.group', { n: gi + 1 })}</span>
                  <Form.Item name={[group.name, 'logic']} noStyle>
                    <Select
                      size="small"
                      style={{ width: 90 }}
                      aria-label={t('props.groupLogic')}
                      options={[
                        { value: 'and', label: t('props.and') },
                        { value: 'or', label: t('props.or') },
                      ]}
                    />
                  </Form.Item>
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('props.removeGroup', { n: gi + 1 })}
                    onClick={() => groupOps.remove(group.name)}
                  />
                </Space>
                <Form.List name={[group.name, 'groups']}>
                  {(items, itemOps) => (
                    <>
                      {items.map((item, ii) => (
                        <Space key={item.key} className="wf-condition-row" align="baseline">
                          <Form.Item name={[item.name, 'field']} noStyle>
                            <Select
                              style={{ width: 180 }}
                              options={fieldOptions}
                              placeholder={t('props.field')}
                              aria-label={t('props.conditionField', { n: ii + 1 })}
                            />
                          </Form.Item>
                          <Form.Item name={[item.name, 'symbol']} noStyle>
                            <Select
                              style={{ width: 110 }}
                              aria-label={t('props.conditionSymbol', { n: ii + 1 })}
                              options={symbols.map((s) => ({ value: s, label: t(`symbols.${s}`) }))}
                            />
                          </Form.Item>
                          <Form.Item name={[item.name, 'fieldValue']} noStyle>
                            <Input style={{ width: 160 }} aria-label={t('props.conditionValue', { n: ii + 1 })} />
                          </Form.Item>
                          <Button
                            size="small"
                            type="text"
                            icon={<DeleteOutlined />}
                            aria-label={t('props.removeCondition', { n: ii + 1 })}
                            onClick={() => itemOps.remove(item.name)}
                          />
                        </Space>
                      ))}
                      <Button
                        size="small"
                        type="dashed"
                        icon={<PlusOutlined />}
                        onClick={() => itemOps.add(newCondition())}
                      >
                        {t('props.addCondition')}
                      </Button>
                    </>
                  )}
                </Form.List>
              </div>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() =>
                groupOps.add({
                  logic: 'and',
                  groups: [newCondition()],
                })
              }
            >
              {t('props.addGroup')}
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}
