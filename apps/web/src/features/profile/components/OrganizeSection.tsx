import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { profileApi, type UserOrganize } from '../api.ts';
import { Section } from './Section.tsx';

function MajorList({ list, majorLabel }: { list: UserOrganize[]; majorLabel: string }) {
  const { t } = useTranslation('profile');
  return (
    <List
      dataSource={list}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
      renderItem={(item) => (
        <List.Item
          actions={
            item.isDefault
              ? []
              : [
                  // The server has no call to switch the major one: shown, disabled, and said why.
                  <Tooltip key="major" title={t('majorUnsupported')}>
                    <span>
                      <Button size="small" disabled>
                        {t('setMajor')}
                      </Button>
                    </span>
                  </Tooltip>,
                ]
          }
        >
          {item.fullName} {item.isDefault && <Tag color="blue">{majorLabel}</Tag>}
        </List.Item>
      )}
    />
  );
}

/** The user's organisations and positions, the major one marked. */
export function OrganizeSection() {
  const { t } = useTranslation('profile');
  const organizes = useQuery({ queryKey: ['profile', 'organizes'], queryFn: profileApi.organizes });
  const positions = useQuery({ queryKey: ['profile', 'positions'], queryFn: profileApi.positions });
  return (
    <>
      <h3 className="profile-sub-title">{t('organizes')}</h3>
      <Section query={organizes}>{(list) => <MajorList list={list} majorLabel={t('majorOrganize')} />}</Section>
      <h3 className="profile-sub-title">{t('positions')}</h3>
      <Section query={positions}>{(list) => <MajorList list={list} majorLabel={t('majorPosition')} />}</Section>
    </>
  );
}
