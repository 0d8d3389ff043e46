import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import Avatar from 'antd/es/avatar';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import { useTranslation } from 'react-i18next';
import { profileApi } from '../api.ts';
import { Section } from './Section.tsx';

/** The user's direct reports. */
export function SubordinateSection() {
  const { t } = useTranslation('profile');
  const subordinates = useQuery({
    queryKey: ['profile', 'subordinates', '0'],
    queryFn: () => profileApi.subordinates('0'),
  });
  return (
    <Section query={subordinates}>
      {(list) => (
        <List
          dataSource={list}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSubordinates')} /> }}
          renderItem={(item) => (
            <List.Item>
              <List.Item.Meta
                avatar={<Avatar src={item.headIcon || undefined} icon={<UserOutlined />} />}
                title={item.userName || `${item.realName}/${item.account}`}
              />
            </List.Item>
          )}
        />
      )}
    </Section>
  );
}
